// Runs every test file under test/ with node's test runner, on JavaScript compiled once per run
// (scripts/test-build.mjs; TEST_TSX=1 runs the .ts files through tsx instead, as does a checkout without esbuild).
// VALIDATE_RESPONSES=1 checks every JSON answer against its route's response schema
// (test/helpers/response-check.ts) and prints how many were checked and how many did not match.
// After a run of more than one file it prints the slowest files (scripts/test-file-times.mjs); the next run
// starts the slowest first, and runs the files of each folder of test/ in one process (scripts/test-schedule.mjs).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { buildForTests } from './test-build.mjs';
import { sourcePaths } from './test-reporter.mjs';
import { rememberTimes, schedule } from './test-schedule.mjs';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return find(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const startedAt = performance.now();
const startedAtEpoch = Date.now();
// Arguments are test files or folders (a folder stands for the test files under it).
const args = process.argv.slice(2);
for (const path of args)
  if (!existsSync(path)) {
    console.error(`no test file or folder at ${path}`);
    process.exit(2);
  }
const files = (args.length ? args : ['test']).flatMap((path) =>
  statSync(path).isDirectory() ? find(path).sort() : [path],
);
const checking = process.env.VALIDATE_RESPONSES === '1';
const reportDir = checking ? mkdtempSync(join(tmpdir(), 'crewbase-responses-')) : undefined;
const env = reportDir ? { ...process.env, RESPONSE_CHECK_DIR: reportDir } : process.env;
// One run more than cores: runs are CPU-bound (app boot, PGlite, argon2) but some spend much of their time
// waiting on processes they start (servers, the e-invoice validation's JVM, chromium), and the extra run
// fills that time. Measured on 2 cores with one process per folder (PGlite, response checks, one run
// each): 2 at once 5 m 02 s, 3 at once 4 m 34 s. (With one process per file, 3 was slower than 2.)
// TEST_CONCURRENCY overrides.
const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism() + 1;
// A file still running after this is stopped (its process gets SIGTERM; test/helpers/child-processes.ts
// then kills the servers it started) and fails, so a hanging test cannot hold up the whole run.
const FILE_TIMEOUT_MS = 300_000;
const timesDir = mkdtempSync(join(tmpdir(), 'crewbase-file-times-'));
const timesFile = join(timesDir, 'times.jsonl');
const cpuFile = join(timesDir, 'cpu.jsonl');
const scripts = dirname(fileURLToPath(import.meta.url));
const build = process.env.TEST_TSX === '1' ? undefined : await buildForTests(process.cwd());
const { paths, sourceName } = schedule(process.cwd(), files, build);
// node's own default reporter, shown with the .ts paths when the files run compiled (test-reporter.mjs).
const reporter = process.stdout.isTTY ? 'spec' : 'tap';
// Ctrl-C reaches the test runner too (same process group), which stops its files and returns; waiting
// for it instead of dying at once lets this process remove the compiled copy and the times folder.
process.on('SIGINT', () => {});
const result = spawnSync(
  process.execPath,
  [
    ...(build ? ['--enable-source-maps'] : ['--import', 'tsx']),
    // PGlite's WebAssembly run by V8's baseline compiler only: optimizing its large functions cost a test
    // file's process more CPU than the faster code saved (measured: a small file 9.3 -> 7.9 s of CPU,
    // test/operations/tasks.test.ts 19 -> 15 s, test/security/route-matrix.test.ts 39 -> 32 s).
    '--liftoff-only',
    // e.g. `--cpu-prof --cpu-prof-dir=<folder>`: a CPU profile of every test process (NODE_OPTIONS refuses it).
    ...(process.env.TEST_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    // node:test's async hook narrowed to building the test tree (test-async-hook.mjs): 11 % of CPU in test/security/.
    '--import',
    pathToFileURL(join(scripts, 'test-async-hook.mjs')).href,
    '--import',
    pathToFileURL(join(scripts, 'test-cpu-time.mjs')).href,
    // argon2 once per distinct password and hash in a process (test-password-memo.mjs).
    '--import',
    pathToFileURL(join(scripts, 'test-password-memo.mjs')).href,
    '--test',
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${FILE_TIMEOUT_MS}`,
    `--test-reporter=${build ? join(scripts, 'test-reporter.mjs') : reporter}`,
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(scripts, 'test-file-times.mjs')}`,
    `--test-reporter-destination=${timesFile}`,
    ...paths,
  ],
  {
    stdio: 'inherit',
    env: { ...env, TEST_CPU_FILE: cpuFile, ...(build && { TEST_BUILD_DIR: build.dir, TEST_REPORTER_BASE: reporter }) },
  },
);
if (build) rmSync(build.dir, { recursive: true, force: true });

function jsonLines(path) {
  try {
    return readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

let failures = [];
try {
  const lines = jsonLines(timesFile);
  // A test's own file is named by its source (.ts, through the source maps); a process's by what it ran.
  const nameOf = (file) => (file.endsWith('.ts') ? relative(process.cwd(), file) : sourceName(file));
  failures = lines.filter((l) => l.kind === 'fail').map((f) => ({ ...f, file: nameOf(f.file) }));
  const times = lines.filter((l) => !l.kind).map((t) => ({ ...t, file: sourceName(t.file) }));
  // Committed only from a whole run: a run of some files would drop the others' times.
  rememberTimes(process.cwd(), Object.fromEntries(times.map((t) => [t.file, t.ms])), {
    commit: process.env.TEST_TIMES_COMMIT === '1' && !args.length,
  });
  const cpuLines = jsonLines(cpuFile);
  const cpu = new Map(cpuLines.map((c) => [sourceName(c.file), c.ms]));
  const childCpu = new Map(cpuLines.map((c) => [sourceName(c.file), c.childMs]));
  const seconds = (ms) => (ms === undefined ? '?' : (ms / 1000).toFixed(1)).padStart(6);
  const sum = (map) => [...map.values()].reduce((a, b) => a + (b ?? 0), 0);
  if (times.length > 1) {
    const shown = process.env.TEST_FILE_TIMES === 'all' ? times.length : 10;
    // CPU time hardly depends on what else the machine runs; wall time does. The processes a file starts
    // (servers, commands, chromium, the JVM) use the same two cores: the suite's wall time follows the sum.
    console.log(
      `slowest test files (wall time, CPU time of each and of the processes it started, when it started in the run; concurrency ${concurrency}):`,
    );
    for (const t of times.sort((a, b) => b.ms - a.ms).slice(0, shown))
      console.log(
        `  ${seconds(t.ms)} s ${seconds(cpu.get(t.file))} s ${seconds(childCpu.get(t.file))} s ${seconds(t.at - startedAtEpoch)} s  ${t.file}`,
      );
    console.log(
      `CPU time of all test files: ${seconds(sum(cpu)).trim()} s, and of the processes they started: ${seconds(sum(childCpu)).trim()} s`,
    );
  }
} catch {
  /* no times written: the run failed before any file started */
}
rmSync(timesDir, { recursive: true, force: true });

if (reportDir) {
  const reports = readdirSync(reportDir).map((name) => JSON.parse(readFileSync(join(reportDir, name), 'utf8')));
  const checked = reports.reduce((sum, r) => sum + r.checked, 0);
  const mismatches = reports.flatMap((r) => r.mismatches);
  const withoutSchema = [...new Set(reports.flatMap((r) => r.routesWithoutSchema))].sort();
  for (const m of mismatches)
    console.log(`response mismatch: ${m.method} ${m.url} ${m.status}: ${m.errors.join('; ')}`);
  if (process.env.VALIDATE_RESPONSES_VERBOSE === '1')
    for (const route of withoutSchema) console.log(`JSON answer without a response schema: ${route}`);
  console.log(
    `responses checked against their schemas: ${checked}; mismatches: ${mismatches.length}; JSON answers without a schema: ${reports.reduce((sum, r) => sum + r.withoutSchema, 0)} (${withoutSchema.length} route/status pairs)`,
  );
  rmSync(reportDir, { recursive: true, force: true });
  if (mismatches.length && result.status === 0) process.exit(1);
}
// Failed tests again, at the end: in a log of thousands of lines (or one cut to its end) they are otherwise hard to find.
// A file's own failure (its process timed out or crashed) is named only when none of its tests is.
const failedFiles = new Set(failures.filter((f) => f.name !== f.file).map((f) => f.file));
const named = failures.filter((f) => f.name !== f.file || !failedFiles.has(f.file));
if (named.length) {
  const toSource = sourcePaths(build?.dir);
  console.log(`failed tests (${named.length}):`);
  for (const f of named) {
    console.log(`  ${f.file}: ${f.name}`);
    console.log(toSource(String(f.error)).replace(/^/gm, '      '));
  }
}
// The README command's wall time is what a developer waits for: printed last, where a reader looks.
console.log(`wall time of the run: ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${files.length} files)`);
process.exit(result.status ?? 1);
