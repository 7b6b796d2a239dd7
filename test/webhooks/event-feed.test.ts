// Events: written in the writing transaction (nothing when it rolls back), set-based for generated
// jobs, and served by GET /v2/events in order, each once, per company, never skipping a late commit.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { inTenant } from '../../src/platform/db/tenant.js';
import { emit } from '../../src/platform/outbox/emit.js';
import { jobs } from '../../src/modules/scheduling/jobs-resource.js';
import { findRecord } from '../../src/resources/engine/resource-store.js';
import { toApi } from '../../src/resources/engine/to-api.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

interface FeedEvent {
  id: string;
  type: string;
  entity: string;
  companyId: string;
  occurredAt: string;
  data: Json;
  cursor: string;
}

let t: TestApp;
let acme: Tenant;
let other: Tenant;

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Feed');
  other = await signup(t.app, 'Elsewhere');
});
after(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function page(tenant: Tenant, after?: string, limit?: number) {
  const query = new URLSearchParams({ ...(after ? { after } : {}), ...(limit ? { limit: String(limit) } : {}) });
  const res = await call(t.app, 'GET', `/v2/events?${query}`, tenant.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { events: res.body as FeedEvent[], next: String(res.headers['x-next-cursor'] ?? '') };
}

/** Why the feed may be held back on PostgreSQL: the oldest transaction still running anywhere on the server. */
async function oldestRunning() {
  if (t.database.kind !== 'postgres') return 'PGlite';
  const { rows } = await sql<{
    d: string;
    age: string;
    q: string;
  }>`SELECT datname AS d, (now() - xact_start)::text AS age, left(query, 60) AS q
    FROM pg_stat_activity WHERE backend_xid IS NOT NULL ORDER BY age(backend_xid) DESC LIMIT 1`.execute(
    t.database.kysely,
  );
  return rows[0]
    ? `oldest transaction with an xid: database ${rows[0].d}, running ${rows[0].age}: ${rows[0].q}`
    : 'none running';
}

/**
 * Walks the feed from a cursor like a polling client until `done` holds. On PostgreSQL an event is
 * served only once every older transaction on the whole server has ended (any database: a long job
 * generation elsewhere holds it back), so polling may take a while.
 */
async function collect(tenant: Tenant, from: string | undefined, done: (events: FeedEvent[]) => boolean, limit = 100) {
  const events: FeedEvent[] = [];
  let cursor = from;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { events: batch, next } = await page(tenant, cursor, limit);
    events.push(...batch);
    if (batch.length) assert.equal(next, batch.at(-1)!.cursor, "X-Next-Cursor is the last event's cursor");
    else assert.equal(next, cursor ?? '', 'an empty page keeps the cursor');
    cursor = next || cursor;
    if (batch.length === limit) continue;
    if (done(events)) return { events, cursor };
    if (Date.now() > deadline)
      assert.fail(`the feed did not serve the expected events within 60 s (${await oldestRunning()})`);
    await sleep(50);
  }
}

/** The cursor after everything the company has so far. */
const endCursor = async (tenant: Tenant) => (await collect(tenant, undefined, () => true)).cursor;

async function createCustomer(tenant: Tenant, name: string) {
  const res = await call(t.app, 'POST', '/v2/customers/', tenant.headers, { name });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id as string;
}

describe('events are written with the change', () => {
  test('customer create, update and delete: CREATE, UPDATE, DELETE carrying the record as the API shows it', async () => {
    const start = await endCursor(acme);
    const id = await createCustomer(acme, 'Evented GmbH');
    const created = (await call(t.app, 'GET', `/v2/customers/${id}`, acme.headers)).body;
    assert.equal(
      (await call(t.app, 'PATCH', `/v2/customers/${id}`, acme.headers, { contactPerson: 'Eva' })).status,
      200,
    );
    const updated = (await call(t.app, 'GET', `/v2/customers/${id}`, acme.headers)).body;
    assert.deepEqual((await call(t.app, 'DELETE', `/v2/customers/${id}`, acme.headers)).body, { deleted: true });

    const { events } = await collect(acme, start, (es) => es.some((e) => e.type === 'DELETE' && e.data._id === id));
    const mine = events.filter((e) => e.entity === 'customer' && e.data._id === id);
    assert.deepEqual(
      mine.map((e) => e.type),
      ['CREATE', 'UPDATE', 'DELETE'],
    );
    const [c, u, d] = mine as [FeedEvent, FeedEvent, FeedEvent];
    assert.deepEqual(c.data, created);
    assert.deepEqual(u.data, updated);
    assert.equal(d.data._id, id);
    assert.equal(d.data.number, created.number);
    assert.equal(d.data.contactPerson, 'Eva', 'the record as it was');
    for (const e of mine) {
      assert.match(e.id, /^[0-9a-f]{24}$/);
      assert.equal(e.companyId, acme.companyId);
      assert.match(e.occurredAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.match(e.cursor, /^\d+-\d+$/);
    }
    assert.equal(new Set(mine.map((e) => e.id)).size, 3);
  });

  test('a rolled-back transaction emits nothing; the same work committed does', async () => {
    const start = await endCursor(acme);
    await assert.rejects(
      inTenant(t.database, acme.companyId, async (tx) => {
        await emit(tx, 'CREATE', 'customer', { _id: 'rolled-back', marker: 'rollback' });
        throw new Error('rollback');
      }),
      /rollback/,
    );
    await inTenant(t.database, acme.companyId, (tx) =>
      emit(tx, 'CREATE', 'customer', { _id: 'committed', marker: 'commit' }),
    );
    const { events } = await collect(acme, start, (es) => es.some((e) => e.data.marker === 'commit'));
    assert.deepEqual(
      events.filter((e) => e.data.marker).map((e) => e.data.marker),
      ['commit'],
    );
  });

  test('requests that fail leave no event', async () => {
    const id = await createCustomer(acme, 'Stable');
    // On PostgreSQL the feed may hold 'Stable' back while an older transaction elsewhere runs: start after it.
    const start = (await collect(acme, undefined, (es) => es.some((e) => e.data._id === id))).cursor;
    const number = (await call(t.app, 'GET', `/v2/customers/${id}`, acme.headers)).body.number;
    const failures: Array<[string, string, unknown, number]> = [
      ['POST', '/v2/customers/', { contactPerson: 'no name' }, 400],
      ['POST', '/v2/customers/', { name: 'Duplicate', number }, 409],
      ['PATCH', `/v2/customers/${id}`, { name: 42 }, 400],
      ['PATCH', `/v2/customers/${id}`, { name: null }, 400], // merged document is invalid: refused inside the transaction
      ['PATCH', '/v2/customers/0123456789abcdef01234567', { name: 'x' }, 404],
      ['DELETE', '/v2/customers/0123456789abcdef01234567', undefined, 404],
    ];
    for (const [method, url, payload, status] of failures) {
      assert.equal(
        (await call(t.app, method as 'POST', url, acme.headers, payload)).status,
        status,
        `${method} ${url}`,
      );
    }
    await createCustomer(acme, 'Sentinel');
    const { events } = await collect(acme, start, (es) => es.some((e) => e.data.name === 'Sentinel'));
    assert.deepEqual(
      events.map((e) => `${e.type} ${e.data.name}`),
      ['CREATE Sentinel'],
    );
  });

  test('jobs generated from an assignment emit CREATE job events (set-based)', async () => {
    const objectId = (await call(t.app, 'POST', '/v2/objects/', acme.headers, { name: 'Site' })).body._id;
    const userId = (await call(t.app, 'POST', '/v2/users/', acme.headers, { general: { firstName: 'Ann' } })).body._id;
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const start = await endCursor(acme);
    const res = await call(t.app, 'POST', '/v2/assignments/', acme.headers, {
      objectId,
      title: 'Cleaning',
      userIds: [userId],
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=DAILY;COUNT=3',
        dtstart: `${day}T06:00:00`,
        dtend: `${day}T08:00:00`,
      },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const assignmentId = res.body._id;
    const isJob = (e: FeedEvent) => e.entity === 'job' && e.data.assignmentId === assignmentId;
    const { events } = await collect(acme, start, (es) => es.filter(isJob).length >= 3);
    const jobEvents = events.filter(isJob);
    assert.equal(jobEvents.length, 3);
    assert.ok(jobEvents.every((e) => e.type === 'CREATE'));
    for (const e of jobEvents) {
      const job = await call(t.app, 'GET', `/v2/jobs/${e.data._id}`, acme.headers);
      assert.equal(job.status, 200);
      // The job as the API shows it, without what a read derives from other records.
      const {
        assignment: _a,
        activityType: _t,
        absences: _b,
        salaries: _s,
        started: _st,
        timeTrackings: _tt,
        ...shown
      } = job.body;
      assert.deepEqual(e.data, shown);
      // The same data the engine's per-record path would emit.
      const row = await inTenant(t.database, acme.companyId, (tx) => findRecord(tx, jobs, e.data._id));
      assert.deepEqual(e.data, toApi(jobs, row!));
      assert.equal(e.data.userId, userId);
    }
  });
});

describe('GET /v2/events', () => {
  test('pages in order via X-Next-Cursor, each event once', async () => {
    const start = await endCursor(acme);
    const names = Array.from({ length: 7 }, (_, i) => `Paged ${i}`);
    for (const name of names) await createCustomer(acme, name);
    const pages: FeedEvent[][] = [];
    let cursor = start;
    const deadline = Date.now() + 60_000;
    while (
      pages.flat().filter((e) => e.data.name?.startsWith('Paged')).length < names.length &&
      Date.now() < deadline
    ) {
      const { events, next } = await page(acme, cursor, 3);
      assert.ok(events.length <= 3);
      if (events.length) pages.push(events);
      else await sleep(50);
      cursor = next;
    }
    const all = pages.flat();
    assert.deepEqual(
      all.filter((e) => e.data.name?.startsWith('Paged')).map((e) => e.data.name),
      names,
    );
    assert.equal(new Set(all.map((e) => e.id)).size, all.length, 'no event twice');
    const cursors = all.map((e) => e.cursor.split('-').map(BigInt));
    for (let i = 1; i < cursors.length; i += 1) {
      const [a, b] = [cursors[i - 1]!, cursors[i]!];
      assert.ok(a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!), 'cursors ascend');
    }
    assert.deepEqual((await page(acme, cursor)).events, [], 'nothing after the end');
  });

  test('bad parameters are 400', async () => {
    for (const query of ['limit=0', 'limit=1001', 'after=abc', 'after=1', 'unknown=1']) {
      assert.equal((await call(t.app, 'GET', `/v2/events?${query}`, acme.headers)).status, 400, query);
    }
  });

  test("another company's events never appear", async () => {
    const theirs = await createCustomer(other, 'Their customer');
    const ours = await createCustomer(acme, 'Our customer');
    const mine = await collect(acme, undefined, (es) => es.some((e) => e.data._id === ours));
    assert.ok(mine.events.length > 0);
    assert.ok(mine.events.every((e) => e.companyId === acme.companyId));
    assert.ok(!mine.events.some((e) => e.data._id === theirs));
    const theirFeed = await collect(other, undefined, (es) => es.some((e) => e.data._id === theirs));
    assert.ok(theirFeed.events.every((e) => e.companyId === other.companyId));
    assert.ok(!theirFeed.events.some((e) => e.data._id === ours));
    // Our cursor is no key to their events either.
    const fromOurCursor = await page(other, mine.events[0]!.cursor);
    assert.ok(fromOurCursor.events.every((e) => e.companyId === other.companyId));
  });

  test('a transaction that commits late is not skipped', {
    skip: process.env.TEST_DATABASE_URL
      ? false
      : 'needs PostgreSQL (TEST_DATABASE_URL): PGlite has one connection, so two transactions cannot overlap',
  }, async () => {
    const start = await endCursor(acme);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let signal!: () => void;
    const t1Emitted = new Promise<void>((resolve) => {
      signal = resolve;
    });
    const t1 = inTenant(t.database, acme.companyId, async (tx) => {
      await emit(tx, 'CREATE', 'customer', { _id: 't1', marker: 'T1' });
      signal();
      await gate;
    });
    try {
      await t1Emitted;
      await inTenant(t.database, acme.companyId, (tx) => emit(tx, 'CREATE', 'customer', { _id: 't2', marker: 'T2' }));
      const during = await page(acme, start);
      assert.deepEqual(
        during.events.filter((e) => e.data.marker),
        [],
        'T2 waits while the older T1 is open',
      );
      await sleep(100);
      const later = await page(acme, during.next || start);
      assert.deepEqual(
        later.events.filter((e) => e.data.marker),
        [],
        'still held back',
      );
      release();
      await t1;
      const { events } = await collect(acme, later.next || start, (es) => es.filter((e) => e.data.marker).length >= 2);
      assert.deepEqual(
        events.filter((e) => e.data.marker).map((e) => e.data.marker),
        ['T1', 'T2'],
      );
    } finally {
      release();
      await t1.catch(() => {});
    }
  });
});
