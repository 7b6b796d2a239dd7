// test-run: own process (it waits on the generator, compiler and client programs it starts)
// Clients that third-party generators make from the live OpenAPI document (GET /v2/openapi.json):
// openapi-typescript with openapi-fetch, and @hey-api/openapi-ts. For each, the README's first hour
// (test/clients/generated-flows/) compiles with strict and exactOptionalPropertyTypes without a cast or
// a non-null assertion, so every field it uses is typed as the server sends it, then runs against a
// listening server. A compile error here is usually a gap in the document (a field the server always
// sends but the schema does not list as required).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS from 'openapi-typescript';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const FLOWS = join(ROOT, 'test/clients/generated-flows');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const run = promisify(execFile);

/** A client user's compiler options: strict and exactOptionalPropertyTypes (issue 32), with @types/node. */
const STRICT = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  // Declaration files only (@types/node, openapi-fetch); the generated .ts files are checked in full.
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

/**
 * @hey-api/openapi-ts prints its code with TypeScript's compiler API, which the project's TypeScript 7
 * lacks: the generator runs with `typescript` resolved to the typescript5 dev dependency.
 */
const HEY_API_GENERATE = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'export async function resolve(s, c, next) { return next(s === "typescript" ? "typescript5" : s, c); }'));
const { createClient } = await import('@hey-api/openapi-ts');
await createClient({
  input: 'openapi.json',
  output: 'hey-api/client',
  plugins: ['@hey-api/client-fetch'],
  logs: { level: 'silent' },
});
`;

let t: TestApp;
let baseUrl: string;
let dir: string;

before(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'crewbase-generated-clients-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const document = await fetch(`${baseUrl}/v2/openapi.json`);
  assert.equal(document.status, 200);
  writeFileSync(join(dir, 'openapi.json'), await document.text());
});
after(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Output of a child process, or its exit code, stdout and stderr as the assertion message. */
async function output(command: string, args: string[], cwd: string): Promise<string> {
  try {
    return (await run(command, args, { cwd, maxBuffer: 16 * 1024 * 1024, timeout: 240_000 })).stdout;
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: unknown; stdout?: string; stderr?: string };
    assert.fail(`${command} ${args.join(' ')} exited with ${String(code)}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

/** `as` casts, `!` non-null assertions and @ts- directives in a program's text. */
function escapes(source: string): string[] {
  const code = source.replace(/\/\/.*$/gm, '').replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
  return [
    ...code.matchAll(/\bas\s+[\w{[(]/g),
    ...code.matchAll(/[\w)\]]!(?!=)/g),
    ...source.matchAll(/@ts-[\w-]+/g),
  ].map((match) => match[0]);
}

/** Copies the flow program into `folder`, checks it has no escapes, compiles it strictly, runs it. */
async function compileAndRun(folder: string, flow: string, project: string[]): Promise<Record<string, unknown>> {
  const source = readFileSync(join(FLOWS, flow), 'utf8');
  assert.deepEqual(escapes(source), [], `${flow} uses casts or non-null assertions`);
  writeFileSync(join(folder, 'flow.ts'), source);
  await output(process.execPath, [TSC, ...project], folder);
  const lines = (await output(process.execPath, ['--import', 'tsx', 'flow.ts', baseUrl], folder)).trim().split('\n');
  return JSON.parse(lines.at(-1) ?? '{}');
}

/** What the README's flow ends with, the same through every client. */
function assertFlow(result: Record<string, unknown>) {
  assert.match(String(result.documentNumber), /^RE-\d{4}-00001$/);
  assert.deepEqual(
    { ...result, documentNumber: 'RE-…' },
    {
      jobs: 1,
      jobUserIsEmployee: true,
      salaries: 1,
      documentNumber: 'RE-…',
      state: 'issued',
      invoiceCustomerIsCustomer: true,
      pdf: '%PDF-',
    },
  );
}

describe('generated clients run the first hour', { concurrency: true }, () => {
  test('openapi-typescript + openapi-fetch', async () => {
    const folder = join(dir, 'openapi-fetch');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'schema.ts'),
      await openapiTS(JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'))),
    );
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: STRICT, files: ['flow.ts'] }));
    assertFlow(await compileAndRun(folder, 'openapi-fetch.ts', ['-p', 'tsconfig.json']));
  });

  test('@hey-api/openapi-ts (fetch client)', async () => {
    const folder = join(dir, 'hey-api');
    mkdirSync(folder);
    writeFileSync(join(dir, 'generate-hey-api.mjs'), HEY_API_GENERATE);
    await output(process.execPath, ['generate-hey-api.mjs'], dir);
    // The generator's fixed runtime (client/client, client/core: the same for every document) does not
    // compile under exactOptionalPropertyTypes (hey-api/hey-api#2363), so it is built as a referenced
    // project with strict alone; the flow, the SDK and the types generated from the document are checked
    // with every option, against the runtime's declarations.
    writeFileSync(
      join(folder, 'tsconfig.runtime.json'),
      JSON.stringify({
        compilerOptions: {
          ...STRICT,
          exactOptionalPropertyTypes: false,
          noUncheckedIndexedAccess: false,
          noEmit: false,
          composite: true,
          emitDeclarationOnly: true,
          outDir: 'runtime-types',
          rootDir: 'client',
          types: [],
        },
        include: ['client/client/**/*.ts', 'client/core/**/*.ts'],
      }),
    );
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: STRICT,
        files: ['flow.ts'],
        references: [{ path: './tsconfig.runtime.json' }],
      }),
    );
    assertFlow(await compileAndRun(folder, 'hey-api.ts', ['-b', 'tsconfig.json']));
  });
});

test('the escape scan finds casts, non-null assertions and directives, not comparisons or strings', () => {
  assert.deepEqual(escapes("const a = b as string; c!.d; e[0]!; // @ts-expect-error\nf !== g; 'h!'"), [
    'as s',
    'c!',
    ']!',
    '@ts-expect-error',
  ]);
  assert.deepEqual(escapes("import { a as b } from 'c';"), ['as b']);
});
