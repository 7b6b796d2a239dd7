// Rules of docs/architecture.md read from the source text, each with a planted break it must find:
// the console reaches the server only through the public API; outside src/platform/db the database is
// reached only through tenant.ts's transactions; a file running a sql template as a statement says why
// (`// sql:`); packages loaded at first use are imported statically only as types.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEdges } from './import-graph.js';

const base = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(join(base, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return sources(path);
      if (!/\.tsx?$/.test(entry.name) || entry.name.endsWith('.generated.ts')) return [];
      return [{ file: path, text: readFileSync(join(base, path), 'utf8') }];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

const src = sources('src');

// A direct use of the database's connection or transaction, past tenant.ts.
const PAST_TENANT = /\.kysely\b|\.transaction\(|\bdatabase\.exec\(/;
const pastTenant = (text: string) => PAST_TENANT.test(text);

// A sql template run as a statement: its closing backtick right before .execute(…).
const RUNS_SQL = /`\s*\.execute\(/;
const unexplained = (text: string) => RUNS_SQL.test(text) && !text.includes('// sql:');

/** Packages loaded when first used (lazyRequire or import()), not at start. */
const LAZY = ['date-holidays', 'fast-xml-parser', 'file-type', 'nodemailer', 'undici', 'web-push'];
const STATIC_IMPORT = new RegExp(`^(?:import|export)(?!\\s+type\\b)[^;]*?from\\s+'(${LAZY.join('|')})'`, 'm');

// `any` in a type: a document (or anything else) read without the compiler's help.
const ANY_TYPE = /(?::|<|,|\|)\s*any\b(?!\w)|\bas any\b|Record<string, any>/;
// The two places that walk JSON schemas keyword by keyword, each with its reason where it is.
const ANY_ALLOWED = ['src/platform/openapi/common-errors.ts', 'src/resources/engine/schema-shapes.ts'];

describe('source rules of docs/architecture.md', () => {
  test('the rules find what they forbid', () => {
    assert.ok(src.length > 300, `only ${src.length} files read`);
    assert.ok(pastTenant('const { rows } = await sql`SELECT 1`.execute(database.kysely);'));
    assert.ok(pastTenant('await deps.database.transaction(begin, false, work);'));
    assert.ok(unexplained('await sql`DELETE FROM jobs`\n    .execute(tx.db);'));
    assert.ok(!unexplained('// sql: why\nawait sql`DELETE FROM jobs`.execute(tx.db);'));
    assert.ok(STATIC_IMPORT.test("import { request } from 'undici';"));
    assert.ok(!STATIC_IMPORT.test("import type { Agent } from 'undici';"));
    assert.ok(ANY_TYPE.test('export type LooseDoc = Record<string, any>;'));
    assert.ok(ANY_TYPE.test('const doc = row.doc as any;'));
    assert.ok(ANY_TYPE.test('function f(doc: any) {}'));
    assert.ok(!ANY_TYPE.test('// any field the reader checks'));
  });

  test('the console imports nothing from src/ (it reaches the server through the API and the generated client)', () => {
    const edges = importEdges(base, 'console/src');
    assert.ok(edges.some((e) => e.to.startsWith('clients/typescript/')));
    assert.deepEqual(
      edges.filter((e) => e.to.startsWith('src/')).map((e) => `${e.from} -> ${e.to}`),
      [],
    );
  });

  test('outside src/platform/db, the database is reached only through the transactions of tenant.ts', () => {
    assert.deepEqual(
      src.filter(({ file, text }) => !file.startsWith('src/platform/db/') && pastTenant(text)).map((s) => s.file),
      [],
    );
  });

  test('a file that runs a sql template as a statement says why in a `// sql:` comment', () => {
    assert.ok(src.filter(({ text }) => RUNS_SQL.test(text)).length > 10);
    assert.deepEqual(
      src.filter(({ text }) => unexplained(text)).map((s) => s.file),
      [],
    );
  });

  test('packages loaded at first use are imported statically only as types', () => {
    assert.deepEqual(
      src.filter(({ text }) => STATIC_IMPORT.test(text)).map((s) => s.file),
      [],
    );
  });

  test('no stored document is read untyped: `any` only in the two JSON-schema walkers', () => {
    const code = (text: string) => text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
    assert.deepEqual(
      src.filter(({ file, text }) => !ANY_ALLOWED.includes(file) && ANY_TYPE.test(code(text))).map((s) => s.file),
      [],
    );
  });
});
