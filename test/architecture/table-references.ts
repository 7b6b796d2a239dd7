// Which source files name which tables in SQL: `FROM t`, `JOIN t`, `INTO t`, `UPDATE t`, `TABLE t`
// in sql templates, and selectFrom/insertInto/updateTable/deleteFrom('t') of the query builder.
// Read from the text, as import-graph.ts reads imports (a name right before a closing quote is prose in
// a string, as in a route summary 'Remove the logo from documents', not SQL); the tables are those of the generated types.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface TableReference {
  file: string;
  table: string;
}

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** The tables of the migrated schema: the keys of `DB` in the generated database types. */
export function migratedTables(base: string): string[] {
  const text = readFileSync(join(base, 'src/platform/db/schema.generated.ts'), 'utf8');
  const body = /export interface DB \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]!).sort();
}

export function tableReferences(base: string, tables: string[]): TableReference[] {
  const found: TableReference[] = [];
  for (const path of files(join(base, 'src'), '.ts')) {
    const file = relative(base, path).split(sep).join('/');
    if (file.endsWith('.generated.ts')) continue;
    const text = readFileSync(path, 'utf8');
    for (const table of tables) {
      const pattern = new RegExp(
        `\\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\\s+${table}\\b(?![.'"])|\\b(?:selectFrom|insertInto|updateTable|deleteFrom)\\(\\s*'${table}'`,
        'i',
      );
      if (pattern.test(text)) found.push({ file, table });
    }
  }
  return found;
}
