// Every test process loads its embedded database from one snapshot (test/helpers/pglite-snapshot.ts), cut to
// what a test's database reads: no template databases, and a WAL segment cut after its last record. GNU tar
// checks the cut headers; a database loaded from the snapshot must take writes past the cut segment's end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../src/platform/db/database.js';
import { PGLITE_START_PARAMS, trimWalSegments } from '../helpers/pglite-snapshot.js';
import { pgliteSnapshot } from '../helpers/test-app.js';

test('a WAL segment loses its trailing zero pages; GNU tar reads the cut archive, other files as they were', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-trim-'));
  try {
    const segment = Buffer.alloc(65_536);
    segment.fill(7, 0, 9_000); // records up to byte 9,000: two WAL pages of 8 kB
    const other = Buffer.alloc(20_000, 0); // zeros in any other file stay
    other.write('relation', 0);
    mkdirSync(join(dir, 'in/pg_wal'), { recursive: true });
    mkdirSync(join(dir, 'in/base/5'), { recursive: true });
    writeFileSync(join(dir, 'in/pg_wal/000000010000000000000002'), segment);
    writeFileSync(join(dir, 'in/base/5/1259'), other);
    execFileSync('tar', ['--format=ustar', '-cf', join(dir, 'in.tar'), '-C', join(dir, 'in'), '.']);

    const trimmed = trimWalSegments(readFileSync(join(dir, 'in.tar')));
    writeFileSync(join(dir, 'out.tar'), trimmed);
    mkdirSync(join(dir, 'out'));
    execFileSync('tar', ['-xf', join(dir, 'out.tar'), '-C', join(dir, 'out')]); // fails on a bad checksum

    assert.deepEqual(readFileSync(join(dir, 'out/pg_wal/000000010000000000000002')), segment.subarray(0, 16_384));
    assert.deepEqual(readFileSync(join(dir, 'out/base/5/1259')), other);
    assert.ok(trimmed.length < statSync(join(dir, 'in.tar')).size - 40_000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the tests' snapshot holds one database and a cut WAL; a database loaded from it has a small shared memory and writes past the cut", {
  skip: process.env.TEST_DATABASE_URL ? 'the snapshot is of the embedded database' : false,
}, async () => {
  const snapshot = await pgliteSnapshot();
  assert.ok(statSync(snapshot).size < 20_000_000, `the snapshot has ${statSync(snapshot).size} bytes`);
  const pglite = await PGlite.create({
    loadDataDir: await openAsBlob(snapshot),
    startParams: PGLITE_START_PARAMS,
    extensions: PGLITE_EXTENSIONS,
  });
  try {
    const databases = await pglite.query<{ datname: string }>('SELECT datname FROM pg_database');
    assert.deepEqual(
      databases.rows.map((row) => row.datname),
      ['postgres'],
    );
    // PostgreSQL zeroes its whole shared memory at every start: 42 MB with 32 MB of buffers and 100 connections.
    const shared = await pglite.query<{ bytes: number }>(
      "SELECT pg_size_bytes(current_setting('shared_memory_size'))::int AS bytes",
    );
    assert.ok(shared.rows[0]!.bytes <= 16 * 1024 * 1024, `the shared memory has ${shared.rows[0]!.bytes} bytes`);
    const wal = await pglite.query<{ size: number }>('SELECT size::int FROM pg_ls_waldir()');
    assert.equal(wal.rows.length, 1);
    assert.ok(wal.rows[0]!.size <= 65_536, `the WAL segment has ${wal.rows[0]!.size} bytes`);

    // About 20 MB of WAL: past the cut segment's end and into the next segment, then a checkpoint.
    const walFile = async () =>
      (await pglite.query<{ name: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS name')).rows[0]!.name;
    const firstWalFile = await walFile();
    await pglite.exec('CREATE TABLE filler (id int, text text)');
    await pglite.exec("INSERT INTO filler SELECT g, repeat('x', 150) FROM generate_series(1, 100000) g");
    await pglite.exec('CHECKPOINT');
    await pglite.exec('UPDATE filler SET id = id + 1');
    const after = await pglite.query<{ rows: number; ids: number }>(
      'SELECT count(*)::int AS rows, sum(id)::float8 AS ids FROM filler',
    );
    assert.deepEqual(after.rows[0], { rows: 100_000, ids: (100_000 * 100_001) / 2 + 100_000 });
    assert.ok((await walFile()) > firstWalFile, 'the writes reached a later WAL segment');
  } finally {
    await pglite.close();
  }
});
