// Read replicas on a real hot standby (made here with pg_basebackup, on free ports): planned frames
// (Q1), job lists and single jobs are answered by the standby; a client's own write is seen by its next
// read (read your writes) while the standby is held behind; a frame this process just planned on the
// primary is not read on a standby that has not replayed the planning; a stopped standby fails no
// request and /ready and /metrics say so; the position covers asynchronous commits not yet written.
// test-run: own process (it starts PostgreSQL clusters and a server)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { PrimaryPool } from '../../src/platform/db/primary-pool.js';
import { ReadRouter } from '../../src/platform/db/read-routing.js';
import { lsnValue, type ReplicaPool } from '../../src/platform/db/replica-pool.js';
import { killChildren } from '../helpers/child-processes.js';
import { type Cluster, makePrimary, makeStandby, skipUnlessClusters } from '../helpers/pg-cluster.js';
import { sleep, startServer, type ServerProcess } from '../helpers/server-process.js';

const skip = skipUnlessClusters();
const DAY = 86_400_000;

describe('read replicas', { skip, timeout: 170_000 }, () => {
  let primary: Cluster;
  let standby: Cluster;
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-replicas-'));
  let admin: Record<string, string>; // writes
  let reader: Record<string, string>; // a read key: it never writes, so the guard never holds it on the primary

  async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const response = await fetch(server.base + path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  /** Lag-tolerant reads the standby and the primary answered so far (/metrics). */
  async function reads(): Promise<{ replica: number; primary: number }> {
    const text = await (await fetch(`${server.base}/metrics`)).text();
    const count = (role: string) =>
      Number(new RegExp(`crewbase_db_reads_total\\{target="[^"]+",role="${role}"\\} (\\d+)`).exec(text)?.[1] ?? NaN);
    return { replica: count('replica'), primary: count('primary') };
  }

  /** Waits until the standby has replayed all the primary wrote, and the server's monitor has seen it. */
  async function caughtUp() {
    const lsn = (await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'))[0]!.lsn;
    for (let i = 0; i < 200; i++) {
      const [row] = await standby.query<{ done: boolean }>(
        `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`,
      );
      if (row?.done) break;
      await sleep(50);
    }
    await sleep(700); // the monitor looks every 500 ms
  }

  const tomorrow = Math.floor(Date.now() / DAY + 1) * DAY;
  const frame = (days: number) => ({ from: String(tomorrow + days * DAY), to: String(tomorrow + (days + 1) * DAY) });
  const newJob = (days: number) => ({
    from: new Date(tomorrow + days * DAY + 9 * 3_600_000).toISOString(),
    to: new Date(tomorrow + days * DAY + 10 * 3_600_000).toISOString(),
  });

  before(async () => {
    primary = await makePrimary('replicas-primary', { fast: true });
    standby = await makeStandby(primary, 'replica1');
    server = await startServer(dataDir, primary.url(), 'serve', {
      DATABASE_READ_URL: standby.url(),
      METRICS: 'on',
      // Wide bounds: the standby held behind (replay paused) stays in the read pool, so only the
      // guard under test keeps a read from it.
      DATABASE_READ_MAX_LAG_SECONDS: '30',
      DATABASE_READ_AFTER_WRITE_SECONDS: '40',
    });
    const signup = await api(
      'POST',
      '/v2/company/signup',
      {},
      {
        companyName: 'Replica Co',
        username: 'replica-admin',
        password: 'replica-password-1',
      },
    );
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    admin = { authorization: `Bearer ${signup.body.accessToken}` };
    const key = await api('POST', '/v2/apiKeys', admin, { name: 'reader', scopes: ['read'] });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    reader = { 'x-api-key': key.body.key };
  });

  after(async () => {
    killChildren();
    standby?.destroySync();
    primary?.destroySync();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('Q1, job lists and single jobs of a planned frame are answered by the standby', async () => {
    const created = await api('POST', '/v2/jobs/', admin, newJob(0));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const first = await api('POST', '/v2/jobs/jobsInTimeFrame', reader, frame(0)); // plans on the primary
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      first.body.map((job: { _id: string }) => job._id),
      [created.body._id],
    );
    await caughtUp();
    const before = await reads();
    const again = await api('POST', '/v2/jobs/jobsInTimeFrame', reader, frame(0));
    const single = await api('GET', `/v2/jobs/${created.body._id}`, reader);
    const list = await api('GET', '/v2/jobs/', reader);
    const afterwards = await reads();
    assert.deepEqual([again.status, single.status, list.status], [200, 200, 200]);
    assert.deepEqual(again.body, first.body, 'the standby answers as the primary did');
    assert.equal(single.body._id, created.body._id);
    assert.equal(afterwards.replica - before.replica, 3, JSON.stringify({ before, afterwards }));
    assert.equal(afterwards.primary, before.primary);
  });

  /** Runs `work` while the standby replays nothing (it stays in the read pool: the lag bound is wide). */
  async function heldBehind(work: () => Promise<void>) {
    await standby.query('SELECT pg_wal_replay_pause()');
    // A pause is a request: replay stops at its next record, so wait until it has (or the standby could still
    // replay what the test writes next).
    for (let i = 0; i < 100; i++) {
      const rows = await standby.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
      if (rows[0]?.state === 'paused') break;
      await sleep(50);
    }
    try {
      await work();
    } finally {
      await standby.query('SELECT pg_wal_replay_resume()');
    }
  }

  test('held behind: the writer reads its write, a frame just planned is read on the primary', async () => {
    await heldBehind(async () => {
      const before = await reads();
      // The writer's next read finds its job although the standby does not have it.
      const created = await api('POST', '/v2/jobs/', admin, newJob(0));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const own = await api('GET', `/v2/jobs/${created.body._id}`, admin);
      assert.equal(own.status, 200, 'the writer reads its own write');
      // Another client is served by the lagging standby: the guard, not luck, made the difference.
      const other = await api('GET', `/v2/jobs/${created.body._id}`, reader);
      assert.equal(other.status, 404, 'a client that did not write reads the (lagging) standby');

      // A frame beyond the planned window, planned now, exists on the primary only; taken as planned
      // afterwards, it must still not be read on the standby that has not replayed the planning.
      const far = await api('POST', '/v2/jobs/', admin, newJob(300));
      assert.equal(far.status, 201, JSON.stringify(far.body));
      const planned = await api('POST', '/v2/jobs/jobsInTimeFrame', reader, frame(300));
      const known = await api('POST', '/v2/jobs/jobsInTimeFrame', reader, frame(300));
      assert.deepEqual([planned.status, known.status], [200, 200]);
      assert.deepEqual(
        [planned.body, known.body].map((jobs) => jobs.map((job: { _id: string }) => job._id)),
        [[far.body._id], [far.body._id]],
      );
      const afterwards = await reads();
      assert.equal(afterwards.replica - before.replica, 1, 'only the other client read the standby');
      assert.equal(afterwards.primary - before.primary, 2, "the writer's read and the frame known as planned");
    });
  });

  test('held behind: a window another request extended (a timesheet) is not taken as planned', async () => {
    // A company of its own, so that no other test has planned the far month; known to the standby.
    const signup = await api(
      'POST',
      '/v2/company/signup',
      {},
      {
        companyName: 'Timesheet Co',
        username: 'timesheet-admin',
        password: 'timesheet-password-1',
      },
    );
    assert.equal(signup.status, 201, JSON.stringify(signup.body));
    const owner = { authorization: `Bearer ${signup.body.accessToken}` };
    const key = await api('POST', '/v2/apiKeys', owner, { name: 'reader', scopes: ['read'] });
    assert.equal(key.status, 201, JSON.stringify(key.body));
    const otherReader = { 'x-api-key': key.body.key };
    // The 15th of a month about 200 days ahead: its frame lies inside that month's timesheet.
    let days = 200;
    while (new Date(tomorrow + days * DAY).getUTCDate() !== 15) days += 1;
    const month = new Date(tomorrow + days * DAY).toISOString().slice(0, 7);
    await caughtUp();
    await heldBehind(async () => {
      const before = await reads();
      const job = await api('POST', '/v2/jobs/', owner, newJob(days));
      assert.equal(job.status, 201, JSON.stringify(job.body));
      // The timesheet plans the month's jobs on the primary, in its own transaction.
      const sheets = await api('GET', `/v2/timesheets?month=${month}&format=json`, owner);
      assert.equal(sheets.status, 200, JSON.stringify(sheets.body));
      const seen = await api('POST', '/v2/jobs/jobsInTimeFrame', otherReader, frame(days));
      assert.equal(seen.status, 200, JSON.stringify(seen.body));
      assert.deepEqual(
        seen.body.map((found: { _id: string }) => found._id),
        [job.body._id],
        'the frame is read where it is planned',
      );
      assert.equal((await reads()).replica - before.replica, 0, 'the standby that lacks the planning answered nothing');
    });
  });

  test("the position taken after a plan covers the plan's asynchronous commit, written out or not", async () => {
    // This primary commits asynchronously (synchronous_commit = off). Its WAL writer, made slow here, then
    // writes a commit's record up to 10 s after the commit returned; the written position is behind it.
    await primary.query("ALTER SYSTEM SET wal_writer_delay = '10s'");
    await primary.query('SELECT pg_reload_conf()');
    const pool = new pg.Pool({ connectionString: primary.url(), max: 2 });
    const replica = { usable: true, replayed: 0n } as ReplicaPool;
    const router = new ReadRouter([replica], pool as unknown as PrimaryPool, 1000, false);
    try {
      let committed = 0n;
      await router.planOnPrimary('async-co', async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN; SELECT pg_current_xact_id(); COMMIT');
          const { rows } = await client.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
          committed = lsnValue(rows[0]!.lsn); // at or after the end of the commit's record
        } finally {
          client.release();
        }
      });
      replica.replayed = committed - 1n;
      assert.equal(router.pick({ companyId: 'async-co', client: undefined }), undefined, 'a replica short of it');
      replica.replayed = committed + 0x10000n;
      assert.equal(router.pick({ companyId: 'async-co', client: undefined }), replica, 'one past it');
    } finally {
      await pool.end();
      await primary.query('ALTER SYSTEM RESET wal_writer_delay');
      await primary.query('SELECT pg_reload_conf()');
    }
  });

  test('a stopped standby fails no request; /ready and /metrics show it out of the pool', async () => {
    await caughtUp();
    const ready = await api('GET', '/ready', {});
    assert.equal(ready.status, 200, JSON.stringify(ready.body));
    assert.equal(ready.body.database.role, 'primary');
    assert.equal(ready.body.database.target, primary.host);
    assert.deepEqual(
      ready.body.database.replicas.map((r: { target: string; state: string }) => [r.target, r.state]),
      [[standby.host, 'in']],
    );
    assert.equal(typeof ready.body.database.replicas[0].lagSeconds, 'number');

    standby.stop('immediate');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await api('POST', '/v2/jobs/jobsInTimeFrame', reader, frame(0))).status);
      statuses.push((await api('GET', '/v2/jobs/', reader)).status);
    }
    assert.deepEqual([...new Set(statuses)], [200]);
    await sleep(700);
    const down = await api('GET', '/ready', {});
    assert.equal(down.status, 200, 'the primary still serves');
    assert.equal(down.body.database.replicas[0].state, 'down');
    const metrics = await (await fetch(`${server.base}/metrics`)).text();
    assert.match(metrics, new RegExp(`crewbase_db_target_in_read_pool\\{target="${standby.host}",role="replica"\\} 0`));
    assert.match(metrics, new RegExp(`crewbase_db_target_in_read_pool\\{target="${primary.host}",role="primary"\\} 1`));
  });
});
