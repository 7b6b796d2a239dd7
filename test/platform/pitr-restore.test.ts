// Backups with point-in-time recovery (docs/operations.md): a base backup with pg_basebackup and the WAL
// archive of a primary with archive_command, then scripts/pitr-restore.sh brings a new server back to a
// moment between two writes: the first is there, the second not, and the restored server takes writes.
// test-run: own process (it starts PostgreSQL clusters)
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  type Cluster,
  freePort,
  makePrimary,
  postgresDir,
  runAsPostgres,
  skipUnlessClusters,
} from '../helpers/pg-cluster.js';
import { rmSync } from 'node:fs';

const skip = skipUnlessClusters();
const RESTORE = fileURLToPath(new URL('../../scripts/pitr-restore.sh', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('point-in-time recovery', { skip, timeout: 150_000 }, () => {
  const dirs: string[] = [];
  let primary: Cluster | undefined;
  let restoredData: string | undefined;

  after(() => {
    if (restoredData)
      try {
        runAsPostgres('pg_ctl', ['stop', '-m', 'immediate', '-D', restoredData]);
      } catch {
        // not running
      }
    primary?.destroySync();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a restore to a moment between two writes has the first and not the second', async () => {
    const archive = postgresDir('crewbase-wal-archive-');
    const backup = postgresDir('crewbase-base-backup-');
    const target = postgresDir('crewbase-restored-');
    dirs.push(archive, backup, target);
    primary = await makePrimary('pitr-primary', { archiveDir: archive, fast: true });
    await primary.query('CREATE TABLE ledger (entry text)');
    runAsPostgres(
      'pg_basebackup',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        'postgres',
        '-D',
        join(backup, 'b'),
        '-Ft',
        '-z',
        '-X',
        'fetch',
        '-c',
        'fast',
      ],
      120_000,
    );

    await primary.query("INSERT INTO ledger VALUES ('before')");
    const [{ moment }] = (await primary.query<{ moment: string }>(
      "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS moment",
    )) as [{ moment: string }];
    await sleep(1100);
    await primary.query("INSERT INTO ledger VALUES ('after')");
    // The segment holding both writes goes to the archive now, not when it fills.
    const [{ archived }] = (await primary.query<{ archived: number }>(
      'SELECT archived_count::int AS archived FROM pg_stat_archiver',
    )) as [{ archived: number }];
    await primary.query('SELECT pg_switch_wal()');
    for (let i = 0; i < 100; i++) {
      const [row] = await primary.query<{ n: number }>('SELECT archived_count::int AS n FROM pg_stat_archiver');
      if (row!.n > archived) break;
      await sleep(100);
    }

    restoredData = join(target, 'data');
    const port = await freePort();
    const output = runAsPostgres(RESTORE, [join(backup, 'b'), archive, restoredData, moment, String(port)], 130_000);
    assert.match(output, /restored to/);

    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      const { rows } = await client.query<{ entry: string }>('SELECT entry FROM ledger ORDER BY entry');
      assert.deepEqual(
        rows.map((row) => row.entry),
        ['before'],
      );
      await client.query("INSERT INTO ledger VALUES ('written after the restore')");
      const recovery = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
      assert.equal(recovery.rows[0]!.r, false);
    } finally {
      await client.end();
    }
  });
});
