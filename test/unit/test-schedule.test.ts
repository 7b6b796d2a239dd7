// The test run's grouping (scripts/test-schedule.mjs): every file of a folder runs in the folder's one
// process, each inside a suite named after it; a file marked `test-run: own process` runs alone; files
// marked `test-run: process <name>` share that process, whatever their folder; a process of several
// files runs what they registered for its end after its last file; a folder or name with one file runs
// that file directly; small folders named together share one process; the slowest run of the last time starts first, from the committed times where the
// checkout has none of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Schedule {
  paths: string[];
  sourceName(path: string): string;
}
const { schedule, rememberTimes, timesPath } = (await import(
  pathToFileURL(join(ROOT, 'scripts/test-schedule.mjs')).href
)) as {
  schedule(root: string, files: string[], build?: { dir: string; compiled(name: string): string }): Schedule;
  rememberTimes(root: string, times: Record<string, number>, options?: { commit?: boolean }): void;
  timesPath(root: string): string;
};

/** A checkout of its own in `dir`, whose test files have these sources, and the folders of its compiled copy. */
function checkout(dir: string, sources: Record<string, string>) {
  const root = join(dir, 'checkout');
  const build = {
    dir: join(dir, 'build'),
    compiled: (name: string) => join(dir, 'build', name.replace(/\.ts$/, '.js')),
  };
  for (const [name, source] of Object.entries(sources)) {
    for (const base of [root, build.dir]) mkdirSync(dirname(join(base, name)), { recursive: true });
    writeFileSync(join(root, name), source);
  }
  return { root, build };
}

/** What the schedule's paths (links that fix the order) point to: the compiled files and entries. */
const linkedFrom = (paths: string[]) => paths.map((path) => readlinkSync(path));

/** A checkout in `dir` of three files that each run in their own process: test/a, b and c. */
function threeOwnProcessFiles(dir: string) {
  const files = ['test/a.test.ts', 'test/b.test.ts', 'test/c.test.ts'];
  return { files, ...checkout(dir, Object.fromEntries(files.map((name) => [name, '// test-run: own process\n']))) };
}

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
    for (const name of alone) assert.ok(linkedFrom(paths).includes(build.compiled(name)), name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('small folders named together share one process; their files marked to run alone still do', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-schedule-'));
  try {
    const build = { dir, compiled: (name: string) => join(dir, name.replace(/\.ts$/, '.js')) };
    const shared = [
      'test/auth/api-keys.test.ts',
      'test/payroll/minijob-limit.test.ts',
      'test/unit/access-tokens.test.ts',
    ];
    const alone = 'test/unit/test-schedule.test.ts';
    const { paths, sourceName } = schedule(ROOT, [...shared, alone], build);
    const run = 'test/auth/*.test.ts test/payroll/*.test.ts test/unit/*.test.ts (one process)';
    assert.deepEqual(paths.map(sourceName).sort(), [alone, run].sort());
    const source = readFileSync(paths.find((path) => sourceName(path) === run)!, 'utf8');
    for (const name of shared) assert.ok(source.includes(pathToFileURL(build.compiled(name)).href), name);
    assert.ok(!source.includes('test-schedule'), 'the marked file is not in the shared process');
    assert.ok(linkedFrom(paths).includes(build.compiled(alone)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('files marked with a process name share that process, apart from their folders; a name with one file runs it directly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-schedule-'));
  try {
    const sources = {
      'test/operations/board.test.ts': '// test-run: process browser-a (it waits on chromium)\n',
      'test/platform/reference-page.test.ts': '// test-run: process browser-a\n',
      'test/operations/session.test.ts': '// test-run: process browser-b\n',
      'test/operations/numbers.test.ts': '',
      'test/operations/board-model.test.ts': '',
    };
    const { root, build } = checkout(dir, sources);
    const { paths, sourceName } = schedule(
      root,
      Object.keys(sources).map((name) => join(root, name)),
      build,
    );

    assert.deepEqual(
      paths.map(sourceName).sort(),
      [
        'test/operations/*.test.ts (one process)',
        'test/operations/session.test.ts',
        'test-run: process browser-a (one process)',
      ].sort(),
    );
    const entry = paths.find((path) => sourceName(path) === 'test-run: process browser-a (one process)')!;
    const source = readFileSync(entry, 'utf8');
    for (const name of ['test/operations/board.test.ts', 'test/platform/reference-page.test.ts'])
      assert.ok(source.includes(pathToFileURL(build.compiled(name)).href), name);
    assert.ok(!source.includes('session'), 'another name, another process');
    const folderEntry = paths.find((path) => sourceName(path) === 'test/operations/*.test.ts (one process)')!;
    assert.ok(!readFileSync(folderEntry, 'utf8').includes('board.test'), 'a named file is not in its folder');
    assert.ok(linkedFrom(paths).includes(build.compiled('test/operations/session.test.ts')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a process of several files runs what they registered for the process's end after its last file", () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-schedule-'));
  try {
    const build = { dir, compiled: (name: string) => join(dir, name.replace(/\.ts$/, '.js')) };
    mkdirSync(join(dir, 'test/platform'), { recursive: true });
    const files = ['test/platform/errors.test.ts', 'test/platform/migrations.test.ts'];
    const closed = join(dir, 'closed');
    // Stand-ins for the compiled files: the first keeps something for the next file, the second still finds it open.
    const register = `globalThis[Symbol.for('crewbase.test-run.at-process-end')].push(async () => writeFileSync(${JSON.stringify(closed)}, 'closed'));`;
    writeFileSync(
      build.compiled(files[0]!),
      `import { writeFileSync } from 'node:fs';\nimport { test } from 'node:test';\n${register}\ntest('keeps', () => {});\n`,
    );
    writeFileSync(
      build.compiled(files[1]!),
      `import { existsSync } from 'node:fs';\nimport { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('still open', () => assert.ok(!existsSync(${JSON.stringify(closed)})));\n`,
    );
    const { paths } = schedule(ROOT, files, build);
    assert.equal(paths.length, 1);
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', paths[0]!], { env, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /# pass 2/);
    assert.ok(existsSync(closed), 'closed after the last file');
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

test('a checkout without times of its own starts the committed slowest first; its own times, once it has them, win', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-schedule-'));
  try {
    const { files, root, build } = threeOwnProcessFiles(dir);
    const order = () =>
      linkedFrom(
        schedule(
          root,
          files.map((name) => join(root, name)),
          build,
        ).paths,
      ).map((target) => target.slice(build.dir.length + 1));
    assert.deepEqual(order(), ['test/a.test.js', 'test/b.test.js', 'test/c.test.js'], 'no times: file order');

    writeFileSync(join(root, 'test/run-times.json'), JSON.stringify({ 'test/b.test.ts': 40, 'test/c.test.ts': 9 }));
    // a has no time (a new file): it goes first, as a run not yet timed does.
    assert.deepEqual(order(), ['test/a.test.js', 'test/b.test.js', 'test/c.test.js']);
    writeFileSync(
      join(root, 'test/run-times.json'),
      JSON.stringify({ 'test/a.test.ts': 1, 'test/b.test.ts': 40, 'test/c.test.ts': 9 }),
    );
    assert.deepEqual(order(), ['test/b.test.js', 'test/c.test.js', 'test/a.test.js']);

    rememberTimes(root, { 'test/a.test.ts': 90_000 });
    assert.deepEqual(order(), ['test/a.test.js', 'test/b.test.js', 'test/c.test.js'], "the checkout's own time wins");
    assert.deepEqual(
      JSON.parse(readFileSync(join(root, 'test/run-times.json'), 'utf8'))['test/a.test.ts'],
      1,
      'not committed',
    );

    rememberTimes(root, { 'test/a.test.ts': 2_400, 'test/b.test.ts': 700 }, { commit: true });
    assert.deepEqual(JSON.parse(readFileSync(join(root, 'test/run-times.json'), 'utf8')), {
      'test/a.test.ts': 2,
      'test/b.test.ts': 1,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(timesPath(join(dir, 'checkout')), { force: true });
  }
});

test("node's runner starts the runs in the schedule's order, though it sorts the paths it is given", () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-schedule-'));
  try {
    const { files, root, build } = threeOwnProcessFiles(dir);
    const started = join(dir, 'started');
    for (const name of files)
      writeFileSync(
        build.compiled(name),
        `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(started)}, ${JSON.stringify(`${name}\n`)});\n`,
      );
    writeFileSync(
      join(root, 'test/run-times.json'),
      JSON.stringify({ 'test/a.test.ts': 1, 'test/b.test.ts': 9, 'test/c.test.ts': 40 }),
    );
    const { paths, sourceName } = schedule(
      root,
      files.map((name) => join(root, name)),
      build,
    );
    assert.deepEqual(paths.map(sourceName), ['test/c.test.ts', 'test/b.test.ts', 'test/a.test.ts']);
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=tap', ...paths], {
      env,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.deepEqual(readFileSync(started, 'utf8').trim().split('\n'), [
      'test/c.test.ts',
      'test/b.test.ts',
      'test/a.test.ts',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(timesPath(join(dir, 'checkout')), { force: true });
  }
});
