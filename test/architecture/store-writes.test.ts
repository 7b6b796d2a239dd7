// One write path (docs/architecture.md, "Table ownership"): the engine store's write functions
// (insertRecord, updateRecord, deleteRecord, upsertRecords) take a resource only in the folder that
// declares it. Another module asks the owner's exported function, which checks what it writes.
// Read from the source text: a write whose resource argument is imported from another owner's folder.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const base = fileURLToPath(new URL('../../', import.meta.url));
const STORE = 'src/resources/engine/resource-store.ts';
const WRITES = ['insertRecord', 'updateRecord', 'deleteRecord', 'upsertRecords'];

/** The folder that owns a file's resources: its module, the master data, or the file's own folder. */
const ownerOf = (path: string) =>
  /^src\/modules\/[^/]+\//.exec(path)?.[0] ?? (path.startsWith('src/resources/') ? 'src/resources/' : dirname(path));

interface Source {
  path: string;
  text: string;
}

/** local name → the imported name and the file it comes from, for a file's named imports. */
function namedImports(source: Source): Map<string, { name: string; path: string }> {
  const found = new Map<string, { name: string; path: string }>();
  for (const match of source.text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const specifier = match[2]!;
    if (!specifier.startsWith('.')) continue;
    const path = normalize(join(dirname(source.path), specifier))
      .split(sep)
      .join('/')
      .replace(/\.js$/, '.ts');
    for (const item of match[1]!.split(',')) {
      const [name, local = name] = item
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((part) => part.trim());
      if (name) found.set(local!, { name, path });
    }
  }
  return found;
}

/** `file: write(resource) — resource from path` for each store write with another owner's resource. */
export function crossOwnerWrites(sources: Source[]): string[] {
  const found: string[] = [];
  for (const source of sources) {
    if (source.path.startsWith('src/resources/engine/')) continue;
    const imports = namedImports(source);
    const writes = [...imports]
      .filter(([, { name, path }]) => path === STORE && WRITES.includes(name))
      .map(([local]) => local);
    if (writes.length === 0) continue;
    const call = new RegExp(`\\b(${writes.join('|')})\\(\\s*[\\w.$]+\\s*,\\s*([\\w$]+)`, 'g');
    for (const match of source.text.matchAll(call)) {
      const from = imports.get(match[2]!)?.path;
      if (from && ownerOf(from) !== ownerOf(source.path))
        found.push(`${source.path}: ${match[1]}(${match[2]}) — ${match[2]} from ${from}`);
    }
  }
  return found;
}

function sourcesUnder(dir: string): Source[] {
  return readdirSync(join(base, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [{ path, text: readFileSync(join(base, path), 'utf8') }] : [];
  });
}

describe('store writes', () => {
  test("no module passes another owner's resource to the store's write functions", () => {
    const crossings = crossOwnerWrites(sourcesUnder('src'));
    assert.deepEqual(crossings, [], "call the owning module's exported write function instead");
  });

  test('the check finds a write of another module’s resource, also through an alias', () => {
    const text = [
      "import { findRecord, updateRecord as write } from '../../resources/engine/resource-store.js';",
      "import { users as people } from '../users/index.js';",
      "import { absences } from './absences-resource.js';",
      'await write(tx, people, id, { doc, userId });',
      'await write(tx, absences, id, { doc, userId });',
    ].join('\n');
    assert.deepEqual(crossOwnerWrites([{ path: 'src/modules/absences/x.ts', text }]), [
      'src/modules/absences/x.ts: write(people) — people from src/modules/users/index.ts',
    ]);
  });

  test('the engine and the owning module may write', () => {
    const text = [
      "import { insertRecord } from '../../resources/engine/resource-store.js';",
      "import { customers } from '../customers.js';",
      'await insertRecord(tx, customers, record);',
    ].join('\n');
    assert.deepEqual(crossOwnerWrites([{ path: 'src/resources/import/x.ts', text }]), []);
  });
});
