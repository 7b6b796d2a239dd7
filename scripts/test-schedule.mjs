// The order and grouping of a run's test files (scripts/run-tests.mjs).
// - Longest first: node's runner starts the files in the order given, one per core; a long file started
//   last keeps one core busy alone at the end. Each run's file times are kept in the temp dir and the
//   next run starts the files that took longest (and files without a time) first.
// - The files of test/unit/ in one process: they need neither the app nor a database, so apart each one
//   paid node's start and its imports (16 files: 17.6 s of CPU apart, 7.4 s together, measured).
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const UNIT_FILES = 'test/unit/';
/** The compiled entry that imports every unit file, and how the file times name it. */
const UNIT_ENTRY = 'test/unit/all-unit-files.js';
export const UNIT_GROUP_NAME = 'test/unit/*.test.ts (one process)';

const timesPath = (root) =>
  join(tmpdir(), `crewbase-test-times-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.json`);

function knownTimes(root) {
  try {
    return JSON.parse(readFileSync(timesPath(root), 'utf8'));
  } catch {
    return {};
  }
}

/** Keeps the file times (ms, by the name `sourceName` gives) of this run for the next one's order. */
export function rememberTimes(root, times) {
  const all = { ...knownTimes(root), ...times };
  const partial = `${timesPath(root)}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(all));
  renameSync(partial, timesPath(root)); // atomic: two runs at once never read half a file
}

/**
 * The paths to give node's runner for `files` (paths of .ts test files), and `sourceName(path)`, the
 * checkout-relative name of what one of those paths runs. Without a build (tsx) only the order changes.
 */
export function schedule(root, files, build) {
  const names = files.map((file) => relative(root, resolve(file)));
  const units = build ? names.filter((name) => name.startsWith(UNIT_FILES)) : [];
  const grouped = units.length > 1;
  const entry = build && join(build.dir, UNIT_ENTRY);
  if (grouped)
    writeFileSync(
      entry,
      units.map((name) => `import ${JSON.stringify(pathToFileURL(build.compiled(name)).href)};\n`).join(''),
    );
  const runs = grouped ? [...names.filter((name) => !units.includes(name)), UNIT_GROUP_NAME] : names;
  const times = knownTimes(root);
  const order = runs
    .map((name, index) => ({ name, index, ms: times[name] ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map(({ name }) => name);
  const pathOf = (name) => (name === UNIT_GROUP_NAME ? entry : build ? build.compiled(name) : name);
  const sourceName = (path) => {
    if (!build) return relative(root, path);
    if (path === entry) return UNIT_GROUP_NAME;
    return relative(build.dir, path).replace(/\.js$/, '.ts');
  };
  return { paths: order.map(pathOf), sourceName };
}
