// The console's one number parser (console/src/lib/numbers.ts): German and plain writing, and what it refuses.
// Bundled by esbuild as the console's build does (the console is outside the server's test build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Numbers = typeof import('../../console/src/lib/numbers.js');

async function load(): Promise<Numbers> {
  const esbuild = await import('esbuild');
  const source = fileURLToPath(new URL('../../console/src/lib/numbers.ts', import.meta.url));
  const built = await esbuild.build({ entryPoints: [source], bundle: true, format: 'esm', write: false });
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-numbers-'));
  try {
    writeFileSync(join(dir, 'numbers.mjs'), built.outputFiles[0]!.text);
    return (await import(pathToFileURL(join(dir, 'numbers.mjs')).href)) as Numbers;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { parseNumber, numberInput } = await load();

test('German writing: decimal comma, dots or spaces grouping thousands', () => {
  assert.equal(parseNumber('31,50'), 31.5);
  assert.equal(parseNumber('1.234,50'), 1234.5);
  assert.equal(parseNumber('1.234.567,891'), 1234567.891);
  assert.equal(parseNumber('1 234,5'), 1234.5);
  assert.equal(parseNumber('1\u00a0234,5'), 1234.5);
  assert.equal(parseNumber(',5'), 0.5);
  assert.equal(parseNumber('12,'), 12);
  assert.equal(parseNumber(' -7,25 '), -7.25);
  assert.equal(parseNumber('1.234'), 1234, 'dots in groups of three are thousands');
});

test('plain writing: digits and a single decimal point', () => {
  assert.equal(parseNumber('40'), 40);
  assert.equal(parseNumber('31.5'), 31.5);
  assert.equal(parseNumber('0.25'), 0.25);
  assert.equal(parseNumber('+3'), 3);
});

test('what is not a number is undefined, not 0 or NaN', () => {
  for (const text of ['', '  ', 'abc', '1,2,3', '12.34,5', '1..2', '1.2.3', '3e5', '12a', ',', '-', '1.23.456,7'])
    assert.equal(parseNumber(text), undefined, text);
  assert.equal(parseNumber('9'.repeat(41)), undefined, 'bounded length');
});

test('numberInput writes the value back as each language types it', () => {
  assert.equal(numberInput(31.5, 'de'), '31,5');
  assert.equal(numberInput(31.5, 'en'), '31.5');
  assert.equal(numberInput(undefined, 'de'), '');
  assert.equal(numberInput(null, 'en'), '');
});
