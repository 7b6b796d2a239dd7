// One process per embedded database directory: a second opener is refused with the holder's pid and
// command; a lock left by a dead process is taken over; a closed database frees the directory.
// test-run: own process (the locks name this process; it waits on the command it starts)
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mainArgs } from '../helpers/child-processes.js';
import { existsSync, mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/platform/db/database.js';
import { DataDirLocked } from '../../src/platform/db/data-dir-lock.js';
import { listMigrations } from '../../src/platform/db/migrate.js';
import { migratedDataDir, pgliteSnapshot } from '../helpers/test-app.js';

const root = mkdtempSync(join(tmpdir(), 'crewbase-lock-'));
after(() => rmSync(root, { recursive: true, force: true }));

async function open(dataDir: string): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await sql`SELECT 1`.execute(database.kysely);
  return database;
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

test('a second open of the directory fails naming the holder; after close it succeeds', {
  timeout: 60_000,
}, async () => {
  const dataDir = await migratedDataDir(join(root, 'twice'));
  const first = await open(dataDir);
  try {
    await assert.rejects(openDatabase({ kind: 'pglite', dataDir }), (error: Error) => {
      assert.ok(error instanceof DataDirLocked);
      assert.match(error.message, new RegExp(`in use by process ${process.pid} \\(`));
      return true;
    });
  } finally {
    await first.close();
  }
  assert.equal(existsSync(join(dataDir, 'crewbase.lock')), false, 'close removes the lock file');
  const second = await open(dataDir);
  await second.close();
});

test('a stale lock (its process is gone) is taken over; in-memory databases take no lock', {
  timeout: 60_000,
}, async () => {
  const dataDir = await migratedDataDir(join(root, 'stale'));
  const lockFile = join(dataDir, 'crewbase.lock');
  writeFileSync(
    lockFile,
    JSON.stringify({ pid: deadPid(), command: 'src/main.ts serve', since: new Date().toISOString() }),
  );
  const database = await open(dataDir);
  assert.equal(JSON.parse(readFileSync(lockFile, 'utf8')).pid, process.pid);
  await database.close();
  // A lock naming this process that it does not hold is stale too (a container restarts under the same pid).
  writeFileSync(
    lockFile,
    JSON.stringify({ pid: process.pid, command: 'an earlier life', since: new Date().toISOString() }),
  );
  await (await open(dataDir)).close();

  // Loaded from the tests' snapshot rather than created: initdb took 4 s of CPU per open.
  const loadDataDir = await openAsBlob(await pgliteSnapshot());
  const memory = await Promise.all([
    openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir }),
    openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir }),
  ]);
  for (const m of memory) {
    // Each started from the tar it was given: every migration is there.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(m.kysely);
    assert.equal(rows[0]!.n, listMigrations().length);
  }
  await Promise.all(memory.map((m) => m.close()));
});

test('the CLI refuses a directory another process has open: exit code 1 and the holder named', {
  timeout: 120_000,
}, async () => {
  const dataDir = await migratedDataDir(join(root, 'cli'));
  const held = await open(dataDir);
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      JWT_SECRET: 'cli-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    const run = spawnSync(
      process.execPath,
      mainArgs(
        'company',
        'create',
        '--name',
        'Locked Co',
        '--username',
        'locked-admin',
        '--password',
        'locked-password-1',
      ),
      { env, encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stderr, new RegExp(`in use by process ${process.pid} \\(`));
    assert.equal(run.stdout, '', 'nothing was created');
  } finally {
    await held.close();
  }
});
