// The test run's grouping (scripts/test-schedule.mjs): every file of a folder runs in the folder's one
// process, each inside a suite named after it; a file marked `test-run: own process` runs alone; a
// folder with one file runs that file directly; the slowest run of the last time starts first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Schedule {
  paths: string[];
  sourceName(path: string): string;
}
const { schedule } = (await import(pathToFileURL(join(ROOT, 'scripts/test-schedule.mjs')).href)) as {
  schedule(root: string, files: string[], build?: { dir: string; compiled(name: string): string }): Schedule;
};

test('a folder runs in one process, marked files alone, a lone file directly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-schedule-'));
  try {
    const build = { dir, compiled: (name: string) => join(dir, name.replace(/\.ts$/, '.js')) };
    for (const folder of ['test/platform', 'test/tenancy']) mkdirSync(join(dir, folder), { recursive: true });
    const grouped = ['test/platform/errors.test.ts', 'test/platform/migrations.test.ts'];
    const alone = ['test/platform/shutdown.test.ts', 'test/tenancy/tenant-isolation.test.ts'];
    const { paths, sourceName } = schedule(ROOT, [...grouped, ...alone], build);

    assert.deepEqual(paths.map(sourceName).sort(), [...alone, 'test/platform/*.test.ts (one process)'].sort());
    const entry = paths.find((path) => sourceName(path) === 'test/platform/*.test.ts (one process)')!;
    const source = readFileSync(entry, 'utf8');
    for (const name of grouped) {
      assert.ok(source.includes(`describe(${JSON.stringify(name)}, async () => { await import(`), name);
      assert.ok(source.includes(pathToFileURL(build.compiled(name)).href), name);
    }
    assert.ok(!source.includes('shutdown'), 'the marked file is not in the group');
    for (const name of alone) assert.ok(paths.includes(build.compiled(name)), name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a compiled copy (tsx) every file runs on its own, under its own name', () => {
  const files = ['test/platform/errors.test.ts', 'test/platform/migrations.test.ts'];
  const { paths, sourceName } = schedule(
    ROOT,
    files.map((name) => join(ROOT, name)),
  );
  assert.deepEqual(paths.map((path) => sourceName(join(ROOT, path))).sort(), files);
});
