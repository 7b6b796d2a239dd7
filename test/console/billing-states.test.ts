// Every state a billing document can have in the API (the server's DOCUMENT_STATES, overdue included) has a text in
// both of the console's languages, and the invoices screen's state filter offers exactly the API's states. The console
// files are bundled by esbuild as the console's build does (they are outside the server's test build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DOCUMENT_STATES } from '../../src/modules/invoicing/documents/document-schema.js';

async function bundle<T>(path: string): Promise<T> {
  const esbuild = await import('esbuild');
  const source = fileURLToPath(new URL(`../../console/src/${path}`, import.meta.url));
  const built = await esbuild.build({ entryPoints: [source], bundle: true, format: 'esm', write: false });
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-billing-states-'));
  try {
    writeFileSync(join(dir, 'module.mjs'), built.outputFiles[0]!.text);
    return (await import(pathToFileURL(join(dir, 'module.mjs')).href)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { en } = await bundle<typeof import('../../console/src/lib/messages/en.js')>('lib/messages/en.ts');
const { de } = await bundle<typeof import('../../console/src/lib/messages/de.js')>('lib/messages/de.ts');
const kinds = await bundle<typeof import('../../console/src/screens/invoices/doc-kinds.js')>(
  'screens/invoices/doc-kinds.ts',
);

test('every document state of the API has a text key in English and German', () => {
  const states = [...new Set(Object.values(DOCUMENT_STATES).flat())];
  assert.ok(states.includes('overdue'));
  for (const state of states) {
    const key = kinds.stateKey(state);
    assert.ok(typeof (en as Record<string, string>)[key] === 'string', `en lacks ${key}`);
    assert.ok(typeof (de as Record<string, string>)[key] === 'string', `de lacks ${key}`);
    assert.notEqual((de as Record<string, string>)[key], '', `de ${key} is empty`);
  }
});

test("the screen's state filters are the API's states of invoices and offers", () => {
  assert.deepEqual([...kinds.STATES.invoices].sort(), [...DOCUMENT_STATES.invoice].sort());
  assert.deepEqual([...kinds.STATES.offers].sort(), [...DOCUMENT_STATES.offer].sort());
});

test('a state the console does not know yet is shown as the API wrote it, not a crash', () => {
  const t = (key: string) => (en as Record<string, string>)[key]!;
  assert.equal(kinds.stateText(t as never, 'overdue'), 'overdue');
  assert.equal(kinds.stateText(t as never, 'partially_paid'), 'partly paid');
  assert.equal(kinds.stateText(t as never, 'archived'), 'archived');
  assert.equal(kinds.stateClass('a b"c'), 'state doc-abc');
});
