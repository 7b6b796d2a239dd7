// The database's ceiling for one query: pgbench running the reference's statement, prepared once per
// connection (-M prepared) and then only executed, with no HTTP, JSON parsing or Node in between.
// pgbench's variables are numbers, so each sampled request body becomes a script of its own with its
// values written in as constants (a custom plan for known values: if anything, faster than a generic plan).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface PgbenchResult {
  tps: number;
  latencyAverageMs: number;
  transactions: number;
}

/** An SQL literal of a statement parameter (text, timestamp, text array or number). */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return `to_timestamp(${value.getTime() / 1000})`; // no colon (see withLiterals)
  if (Array.isArray(value)) return `ARRAY[${value.map(sqlLiteral).join(', ')}]::text[]`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The statement with $1..$n replaced by the literals of `values` (higher numbers first: $10 before $1).
 * pgbench reads `:name` in a script as a variable, so a colon before a name gets a space (in the JSON
 * templates: `"_id": null` is the same jsonb); `::` casts stay as they are.
 */
export function withLiterals(sql: string, values: readonly unknown[]): string {
  let text = sql;
  for (let n = values.length; n >= 1; n--) text = text.replaceAll(`$${n}`, sqlLiteral(values[n - 1]));
  return text.replace(/(?<!:):(?=[\p{L}\d_])/gu, ': ');
}

/** Runs pgbench on `statements` (one script each, equally weighted) and reads its summary. */
export async function runPgbench(
  databaseUrl: string,
  statements: string[],
  connections: number,
  seconds: number,
): Promise<PgbenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-pgbench-'));
  try {
    // A script is one line per statement: newlines inside the SQL become spaces.
    const files = statements.map((sql, i) => {
      const file = join(dir, `q${i}.sql`);
      writeFileSync(file, `${sql.replace(/\s+/g, ' ').trim()};\n`);
      return file;
    });
    const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(seconds)];
    for (const file of files) args.push('-f', `${file}@1`);
    const { stdout } = await promisify(execFile)('pgbench', [...args, databaseUrl], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: (seconds + 120) * 1000,
    });
    const number = (pattern: RegExp) => Number(stdout.match(pattern)?.[1] ?? Number.NaN);
    return {
      tps: number(/tps = ([\d.]+)/),
      latencyAverageMs: number(/latency average = ([\d.]+) ms/),
      transactions: number(/number of transactions actually processed: (\d+)/),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
