// The order and grouping of a run's test files (scripts/run-tests.mjs).
// - One process per folder of test/: the files of a folder run one after another in one process, each
//   inside a suite named after it (its hooks stay its own). Apart, every file paid node's start, the
//   app's imports, compiling PGlite's WebAssembly and warming the JIT again: measured on the compiled
//   copy, test/resources/ (11 files) took 64 s one file at a time and 27 s in one process,
//   test/scheduling/ (6 files) 32 s and 15 s. Tests make their own companies, so files of one process
//   do not see each other's records.
// - A file that starts processes and waits for them (servers, commands, the e-invoice validation's JVM)
//   says `test-run: own process` in a comment and runs alone, so other runs use the CPU while it waits
//   (test/unit/test-schedule.test.ts).
// - Files that wait on one thing a process can share say `test-run: process <name>`: the files of one name,
//   of whatever folder, run in one process of their own, beside the others. The browser files of
//   test/console/ share one chromium per process (test/helpers/console-browser.ts) in three such processes,
//   their files split by hand so their last times were about even (a process of all of them would run alone
//   at the end; one per file launched chromium, loaded a database and started node sixteen times).
// - The entry of a process of several files runs, after its last file, what those files registered in
//   globalThis[Symbol.for('crewbase.test-run.at-process-end')] (what they kept from file to file: the
//   browser). A file run alone has no such list and closes what it opened itself.
// - Folders whose files take a few seconds share one process (SHARED_FOLDERS): every process pays node's start,
//   the app's imports and its first database, about 2.9 s of CPU (measured on 2 cores: 1.3 s before the first
//   test, 1.6 s for the first app, 0.25 s for each app after it), and the suite keeps both cores busy, so its wall
//   time follows its CPU. Each file still runs inside its own suite and makes its own companies.
// - Longest first: node's runner starts the runs one after another as others end; a long run started
//   last keeps one core busy alone at the end. Node 20's runner sorts the paths it is given, so each run is
//   given through a link whose path sorts in this order (before, the runs started in path order: on 2 cores
//   test/security/, 45 s of CPU, started at 158 s and ran alone for its last 21 s, the run ending at 211 s;
//   on that machine 211-218 s in path order, 198-202 s in this one). Each run's times are kept in the temp dir
//   and the next run starts the runs that took longest (and those without a time) first. A checkout that has
//   not run yet (a fresh clone, CI) takes the times of test/run-times.json, committed from an idle run
//   (`TEST_TIMES_COMMIT=1 npm test` writes this run's times there).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const OWN_PROCESS = 'test-run: own process';
const NAMED_PROCESS = /test-run: process ([\w.-]+)/;
/** The compiled entry that runs a folder's files, and how the file times name it. */
const GROUP_ENTRY = 'all-files.js';
const groupName = (folder) => `${folder}/*.test.ts (one process)`;
/** The same for the files marked `test-run: process <name>`. */
const namedEntry = (name) => `process-${name}.js`;
const namedRun = (name) => `test-run: process ${name} (one process)`;
/** Where the links that fix the runs' order live in the build (sourcePaths in test-reporter.mjs names them back). */
export const ORDER_DIR = 'order';
const AT_PROCESS_END = "Symbol.for('crewbase.test-run.at-process-end')";
/**
 * Folders run together, each list in one process, by their last times (seconds of one run on 2 cores, 2026-11-30):
 * contract 11 and webhooks 12; auth 10, payroll 9 and unit 9; accounting 5, architecture 6, clients 6, console 8,
 * notifications 8 and search 7; absences 14, documents 6, tenancy 11 and time-tracking 17. A folder's files marked
 * to run alone or in a named process still do.
 */
const SHARED_FOLDERS = [
  ['test/absences', 'test/documents', 'test/tenancy', 'test/time-tracking'],
  ['test/contract', 'test/webhooks'],
  ['test/auth', 'test/payroll', 'test/unit'],
  ['test/accounting', 'test/architecture', 'test/clients', 'test/console', 'test/notifications', 'test/search'],
];
const sharedRun = (folders) => `${folders.map((folder) => `${folder}/*.test.ts`).join(' ')} (one process)`;
const sharedEntry = (index) => `folders-${index}.js`;

/** Where a checkout's own times are kept between runs. */
export const timesPath = (root) =>
  join(tmpdir(), `crewbase-test-times-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.json`);

/** The committed times (seconds, by run name), for a checkout without times of its own. */
const committedPath = (root) => join(root, 'test', 'run-times.json');

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

/** Each run's last time (ms): this checkout's own where it has one, else the committed one. */
function knownTimes(root) {
  const committed = Object.entries(readJson(committedPath(root))).map(([name, s]) => [name, s * 1000]);
  return { ...Object.fromEntries(committed), ...readJson(timesPath(root)) };
}

/**
 * Keeps the file times (ms, by the name `sourceName` gives) of this run for the next one's order; with
 * `commit`, also as the committed times (whole seconds, sorted by name, so a diff shows what changed).
 */
export function rememberTimes(root, times, { commit = false } = {}) {
  const all = { ...readJson(timesPath(root)), ...times };
  const write = (path, value) => {
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, value);
    renameSync(partial, path); // atomic: two runs at once never read half a file
  };
  write(timesPath(root), JSON.stringify(all));
  if (commit) {
    const seconds = Object.keys(times)
      .sort()
      .map((name) => [name, Math.max(1, Math.round(times[name] / 1000))]);
    write(committedPath(root), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
  }
}

/**
 * The paths to give node's runner for `files` (paths of .ts test files), and `sourceName(path)`, the
 * checkout-relative name of what one of those paths runs. Without a build (tsx) only the order changes.
 */
export function schedule(root, files, build) {
  const names = files.map((file) => relative(root, resolve(file)));
  const groups = new Map(); // run name -> { entry, members }: files that share a process
  if (build)
    for (const name of names) {
      const source = readFileSync(join(root, name), 'utf8');
      if (source.includes(OWN_PROCESS)) continue;
      const named = NAMED_PROCESS.exec(source)?.[1];
      const shared = named ? undefined : SHARED_FOLDERS.find((folders) => folders.includes(dirname(name)));
      const [run, entry] = named
        ? [namedRun(named), join(build.dir, namedEntry(named))]
        : shared
          ? [sharedRun(shared), join(build.dir, sharedEntry(SHARED_FOLDERS.indexOf(shared)))]
          : [groupName(dirname(name)), join(build.dir, dirname(name), GROUP_ENTRY)];
      groups.set(run, { entry, members: [...(groups.get(run)?.members ?? []), name] });
    }
  const entries = new Map(); // run name -> compiled path
  const grouped = new Set();
  for (const [run, { entry, members }] of groups) {
    if (members.length < 2) continue;
    writeFileSync(
      entry,
      [
        "import { after, describe } from 'node:test';",
        `const atProcessEnd = (globalThis[${AT_PROCESS_END}] = []);`,
        'after(async () => { for (const close of atProcessEnd.splice(0)) await close(); });',
        ...members.map(
          (name) =>
            `describe(${JSON.stringify(name)}, async () => { await import(${JSON.stringify(pathToFileURL(build.compiled(name)).href)}); });`,
        ),
        '',
      ].join('\n'),
    );
    entries.set(run, entry);
    for (const name of members) grouped.add(name);
  }
  const runs = [...names.filter((name) => !grouped.has(name)), ...entries.keys()];
  const times = knownTimes(root);
  const order = runs
    .map((name, index) => ({ name, index, ms: times[name] ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map(({ name }) => name);
  if (!build) return { paths: order, sourceName: (path) => relative(root, path) };
  const pathOf = (name) => entries.get(name) ?? build.compiled(name);
  // node's runner (20.x) sorts the files it is given by their paths, whatever order they come in: each run
  // gets a link named by its place, <build>/order/<nnn>/<its path in the build>, so sorting keeps this order.
  // Node runs a linked main module from its real path (its source map and imports are the file's own).
  const runOf = new Map();
  rmSync(join(build.dir, ORDER_DIR), { recursive: true, force: true }); // an earlier schedule's links
  const paths = order.map((name, index) => {
    const target = pathOf(name);
    const link = join(build.dir, ORDER_DIR, String(index).padStart(4, '0'), relative(build.dir, target));
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link);
    runOf.set(link, name); // node names a run by the path it was given (process.argv[1] too), the link
    return link;
  });
  const sourceName = (path) => runOf.get(path) ?? relative(build.dir, path).replace(/\.js$/, '.ts');
  return { paths, sourceName };
}
