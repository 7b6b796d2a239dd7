// One process per embedded database: PGlite has no locking of its own, so two processes (a server and
// `company create`, say) opening one DATA_DIR would both write its files. A lock file created with O_EXCL
// names the holder; one whose process is gone (killed, crashed) is taken over.
import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLocked extends Error {}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

interface Holder {
  pid: number;
  command: string;
  since: string;
}

const LOCK_FILE = 'crewbase.lock';
const heldHere = new Set<string>(); // lock files this process holds: its own pid in a file is stale otherwise

function parseHolder(raw: string): Holder | undefined {
  try {
    const holder = JSON.parse(raw) as Holder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined; // half written by a process that died while writing it
  }
}

function isAlive(holder: Holder, file: string): boolean {
  // A container restarts its server under the same pid: our own pid is only ours if we hold the file.
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, but another user's
  }
}

function tryCreate(file: string, holder: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Moves a stale lock aside; false when the file changed meanwhile (another process took it over first). */
function removeStale(file: string, stale: string): boolean {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true; // someone else removed it
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== stale) {
    renameSync(aside, file);
    return false;
  } // it was the new holder's: put it back
  unlinkSync(aside);
  return true;
}

/** Takes the data directory for this process, or throws DataDirLocked naming the process that has it. */
export function lockDataDir(dataDir: string, command = process.argv.slice(1).join(' ')): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  const mine: Holder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(file, mine)) return held(file, JSON.stringify(mine));
    let raw = '';
    try {
      raw = readFileSync(file, 'utf8');
    } catch {
      continue;
    } // released meanwhile: try again
    const holder = parseHolder(raw);
    if (holder && isAlive(holder, file)) {
      throw new DataDirLocked(
        `The database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}); ` +
          `stop it first, or use DATABASE_URL (PostgreSQL) to run several processes. If no such process uses it, remove ${file}.`,
      );
    }
    removeStale(file, raw);
  }
  throw new DataDirLocked(`Could not lock ${file}: other processes keep taking it`);
}

function held(file: string, content: string): DataDirLock {
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.removeListener('exit', release);
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  process.on('exit', release); // process.exit() and a normal end; a killed process leaves a stale lock
  return { file, release };
}
