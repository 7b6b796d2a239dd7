// Events over years (migration 0020): the table is partitioned by month, the feed pages across
// months in the same order with the same cursors, the worker makes partitions ahead (moving rows
// the DEFAULT partition caught), and retention drops whole old months; a cursor after which events
// were dropped is 410 naming the oldest kept event, one at or after the last dropped event reads on.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { inTenant } from '../../src/platform/db/tenant.js';
import {
  dropExpiredEvents,
  prepareEventPartitions,
  retentionCutoff,
} from '../../src/platform/outbox/event-retention.js';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { eventsUntil } from '../helpers/event-feed.js';

interface FeedEvent {
  id: string;
  type: string;
  cursor: string;
  occurredAt: string;
  data: { _id?: string };
}

let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(() => t.close());

async function createCustomers(tenant: Tenant, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const res = await call(t.app, 'POST', '/v2/customers/', tenant.headers, { name });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    ids.push(res.body._id);
  }
  return ids;
}

/** Every event of the tenant once the customers' CREATE events are served. */
const feedWith = (tenant: Tenant, ids: string[]): Promise<FeedEvent[]> =>
  eventsUntil(
    t.app,
    tenant,
    (events) => ids.every((id) => events.some((e) => e.type === 'CREATE' && e.data._id === id)),
    'the customers created',
  );

/** The feed read page by page with `limit`, from the start. */
async function pages(tenant: Tenant, limit: number): Promise<FeedEvent[]> {
  const events: FeedEvent[] = [];
  let cursor = '';
  for (let i = 0; i < 100; i += 1) {
    const res = await call(
      t.app,
      'GET',
      `/v2/events?limit=${limit}${cursor ? `&after=${cursor}` : ''}`,
      tenant.headers,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    events.push(...res.body);
    if (res.body.length < limit) return events;
    cursor = String(res.headers['x-next-cursor']);
  }
  return assert.fail('more than 100 pages');
}

/** The partition each of these events is stored in (as the database's owner, past row-level security). */
async function partitionsOf(eventIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ part: string }>`
    SELECT tableoid::regclass::text AS part FROM events WHERE id IN (${sql.join(eventIds)}) ORDER BY seq`.execute(
    t.database.kysely,
  );
  return rows.map((r) => r.part);
}

/** Moves events to another time, as if written then (the row moves to that month's partition). */
async function backdate(eventIds: string[], months: number) {
  await sql`UPDATE events SET occurred_at = occurred_at - make_interval(months => ${months})
    WHERE id IN (${sql.join(eventIds)})`.execute(t.database.kysely);
}

const monthsAgo = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15));
};
const partitionName = (date: Date) =>
  `events_${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;

async function exists(table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${table})::text AS found`.execute(
    t.database.kysely,
  );
  return rows[0]!.found !== null;
}

describe('events partitioned by month', () => {
  test('the feed pages across a month boundary in the same order, with the same cursors', async () => {
    const acme = await signup(t.app, 'Two Months');
    const ids = await createCustomers(acme, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    const before = await feedWith(acme, ids);
    // The first half of the events move to last month's partition.
    assert.equal(await prepareEventPartitions(t.database, monthsAgo(1), 0), 1, "last month's partition made");
    const firstHalf = before.slice(0, Math.ceil(before.length / 2));
    await backdate(
      firstHalf.map((e) => e.id),
      1,
    );
    const parts = await partitionsOf(before.map((e) => e.id));
    assert.deepEqual(
      [...new Set(parts)],
      [partitionName(monthsAgo(1)), partitionName(new Date())],
      'two partitions, oldest first',
    );

    for (const limit of [1, 2, 5]) {
      const paged = await pages(acme, limit);
      assert.deepEqual(
        paged.map((e) => [e.id, e.cursor]),
        before.map((e) => [e.id, e.cursor]),
        `pages of ${limit}: every event once, in the same order, with the same cursor`,
      );
    }
    const moved = (await pages(acme, 1000)).find((e) => e.id === firstHalf[0]!.id)!;
    assert.equal(new Date(moved.occurredAt).getUTCMonth(), monthsAgo(1).getUTCMonth(), 'occurredAt is last month');
  });

  test('partitions are made ahead; rows the DEFAULT partition caught move into their month', async () => {
    const acme = await signup(t.app, 'Ahead');
    const [id] = await createCustomers(acme, ['Future']);
    const event = (await feedWith(acme, [id!])).find((e) => e.data._id === id)!;
    const june = new Date(Date.UTC(2031, 5, 10));
    const monthsToJune =
      (june.getUTCFullYear() - new Date().getUTCFullYear()) * 12 + june.getUTCMonth() - new Date().getUTCMonth();
    await backdate([event.id], -monthsToJune);
    assert.deepEqual(await partitionsOf([event.id]), ['events_default'], 'no partition yet: the DEFAULT one');

    assert.equal(await prepareEventPartitions(t.database, new Date(Date.UTC(2031, 4, 20)), 2), 3);
    for (const name of ['events_203105', 'events_203106', 'events_203107'])
      assert.ok(await exists(name), `${name} made`);
    assert.equal(await exists('events_203108'), false, 'two months ahead, no more');
    assert.deepEqual(await partitionsOf([event.id]), ['events_203106'], 'moved out of the DEFAULT partition');
    assert.equal(await prepareEventPartitions(t.database, new Date(Date.UTC(2031, 4, 20)), 2), 0, 'made once');

    const served = (await pages(acme, 1000)).filter((e) => e.id === event.id);
    assert.deepEqual(
      served.map((e) => e.cursor),
      [event.cursor],
      'still served once, with its cursor',
    );
  });

  test('the feed orders by transaction id as a number (xid 9 before 10), paging without a gap', async () => {
    const acme = await signup(t.app, 'Xid Order');
    // Two events of old transactions whose ids differ in their number of digits, as the database's owner.
    await sql`INSERT INTO events (company_id, id, seq, xid, type, entity, data) OVERRIDING SYSTEM VALUE VALUES
      (${acme.companyId}, 'aaaaaaaaaaaaaaaaaaaaaa10', 2, '10', 'CREATE', 'customer', '{}'),
      (${acme.companyId}, 'aaaaaaaaaaaaaaaaaaaaaaa9', 1, '9', 'CREATE', 'customer', '{}')`.execute(t.database.kysely);
    const first = await call(t.app, 'GET', '/v2/events?limit=1', acme.headers);
    assert.deepEqual(
      first.body.map((e: FeedEvent) => e.cursor),
      ['9-1'],
    );
    const second = await call(t.app, 'GET', '/v2/events?limit=1&after=9-1', acme.headers);
    assert.deepEqual(
      second.body.map((e: FeedEvent) => e.cursor),
      ['10-2'],
    );
  });

  test('the API role cannot make or drop partitions', async () => {
    const acme = await signup(t.app, 'No DDL');
    await assert.rejects(
      inTenant(t.database, acme.companyId, (tx) =>
        sql`SELECT crewbase_drop_events_before(now() + interval '10 years')`.execute(tx.db),
      ),
      /permission denied/,
    );
  });
});

describe('retention', () => {
  test('old months are dropped whole; a cursor before dropped events is 410 naming the oldest kept one', async () => {
    const acme = await signup(t.app, 'Retained');
    const neighbour = await signup(t.app, 'Neighbour');
    const ids = await createCustomers(acme, ['R1', 'R2', 'R3', 'R4', 'R5']);
    const neighbourIds = await createCustomers(neighbour, ['N1']);
    const all = await feedWith(acme, ids);
    const neighbourEvents = await feedWith(neighbour, neighbourIds);
    const dropped = all.slice(0, -2);
    const kept = all.slice(-2);

    // All but the last two events to be dropped: 15 months ago (its own partition), the very first 20 months
    // ago, where no partition exists (the DEFAULT partition's rows are dropped by the same cutoff).
    const old = monthsAgo(15);
    await prepareEventPartitions(t.database, old, 0);
    await backdate(
      dropped.map((e) => e.id),
      15,
    );
    await backdate([dropped[0]!.id], 5);
    // The second one month older still: two months to drop, each in a transaction of its own.
    const older = monthsAgo(16);
    await prepareEventPartitions(t.database, older, 0);
    await backdate([dropped[1]!.id], 1);
    assert.deepEqual(await partitionsOf(dropped.map((e) => e.id)), [
      'events_default',
      partitionName(older),
      ...dropped.slice(2).map(() => partitionName(old)),
    ]);

    assert.equal(await dropExpiredEvents(t.database, 13), 2, 'the two old months dropped');
    for (const gone of [old, older])
      assert.equal(await exists(partitionName(gone)), false, `${partitionName(gone)} is gone`);
    assert.deepEqual(
      await partitionsOf(all.map((e) => e.id)),
      kept.map(() => partitionName(new Date())),
    );

    // Without a cursor: from the oldest kept event.
    assert.deepEqual(
      (await pages(acme, 1000)).map((e) => e.id),
      kept.map((e) => e.id),
    );
    // A cursor before dropped events: 410, naming the oldest kept event's cursor.
    for (const stale of [dropped[0]!, dropped.at(-2) ?? dropped[0]!]) {
      const res = await call(t.app, 'GET', `/v2/events?after=${stale.cursor}`, acme.headers);
      assert.equal(res.status, 410, JSON.stringify(res.body));
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.equal(res.body.title, 'Gone');
      assert.equal(res.headers['x-oldest-cursor'], kept[0]!.cursor);
      assert.ok(res.body.detail.includes(kept[0]!.cursor), res.body.detail);
    }
    // The last dropped event's cursor missed nothing: the kept events follow.
    const fromLast = await call(t.app, 'GET', `/v2/events?after=${dropped.at(-1)!.cursor}`, acme.headers);
    assert.equal(fromLast.status, 200, JSON.stringify(fromLast.body));
    assert.deepEqual(
      fromLast.body.map((e: FeedEvent) => e.id),
      kept.map((e) => e.id),
    );
    // Another company lost nothing: every cursor of its own still reads on.
    const res = await call(t.app, 'GET', `/v2/events?after=${neighbourEvents[0]!.cursor}`, neighbour.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.map((e: FeedEvent) => e.id),
      neighbourEvents.slice(1).map((e) => e.id),
    );
    assert.equal(await dropExpiredEvents(t.database, 13), 0, 'nothing more to drop');
    assert.equal(await dropExpiredEvents(t.database, 0), 0, '0 keeps events forever');
  });

  test('the cutoff keeps the current month and the retention months before it', () => {
    assert.deepEqual(retentionCutoff(new Date('2026-11-28T01:00:00Z'), 13), new Date('2025-10-01T00:00:00Z'));
    assert.deepEqual(retentionCutoff(new Date('2026-01-01T00:00:00Z'), 1), new Date('2025-12-01T00:00:00Z'));
  });

  test('EVENT_RETENTION_MONTHS: 13 by default, 0 for ever, and never shorter than a delivery may need its event', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crewbase-event-retention-'));
    try {
      assert.equal(loadConfig({ DATA_DIR: dir }).eventRetentionMonths, 13);
      assert.equal(loadConfig({ DATA_DIR: dir, EVENT_RETENTION_MONTHS: '0' }).eventRetentionMonths, 0);
      assert.equal(loadConfig({ DATA_DIR: dir, EVENT_RETENTION_MONTHS: '2' }).eventRetentionMonths, 2);
      assert.throws(() => loadConfig({ DATA_DIR: dir, EVENT_RETENTION_MONTHS: '1' }), /WEBHOOK_ATTEMPT_RETENTION_DAYS/);
      assert.throws(
        () => loadConfig({ DATA_DIR: dir, EVENT_RETENTION_MONTHS: '3', WEBHOOK_ATTEMPT_RETENTION_DAYS: '90' }),
        /must keep events for the 92 days/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
