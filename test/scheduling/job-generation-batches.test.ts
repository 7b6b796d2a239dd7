// Generation in batches across assignments (job-generation.ts materializeAll): rows of several
// assignments share a batch, batches are sent without waiting for the one before, each numbers its
// rows from a counter block in its own statement, and a second run creates nothing. A large window made
// in two transactions at once (`beside`): every job once, numbered from one block, one event each; the
// second rolls back when the first fails; without a free connection (or on the embedded database) the
// caller's transaction makes it alone, without waiting.
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import {
  BESIDE_MIN_ROWS,
  type BesideTransaction,
  materializeAll,
  type Planning,
} from '../../src/modules/scheduling/job-generation.js';
import { inTenant, inTenantIfFree, readInTenant } from '../../src/platform/db/tenant.js';
import { deferred } from '../../src/platform/deferred.js';
import { newObjectId } from '../../src/platform/ids.js';
import { jobs } from '../../src/modules/scheduling/jobs-resource.js';
import { promotedColumns, recordJson } from '../../src/resources/engine/resource-store.js';
import { requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Acme');
});
after(() => t.close());

const FROM = Date.UTC(2027, 0, 4);
const TO = Date.UTC(2027, 1, 1); // 4 weeks: 28 daily occurrences

/** Daily 08:00-10:00 Berlin, for two users each: 56 jobs per assignment. */
const daily = (objectId: string) => ({
  assignment: {
    id: newObjectId(),
    doc: {
      objectId,
      userIds: [newObjectId(), newObjectId()],
      iCalendar: {
        tzid: 'Europe/Berlin',
        frequency: 'DAILY',
        dtstart: '2027-01-04T08:00:00',
        dtend: '2027-01-04T10:00:00',
      },
    },
  },
});

describe('generation in batches', () => {
  test('five assignments in batches of 50 rows: every job once, numbered without gaps, one event each', async () => {
    const plannings = Array.from({ length: 5 }, () => daily(newObjectId()));
    const created = await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, plannings, FROM, TO, { batchRows: 50 }),
    );
    assert.equal(created, 5 * 28 * 2);
    const ids = plannings.map((p) => p.assignment.id);
    const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
      sql<{ n: number; numbers: number; first: number; last: number; events: number; teams: number }>`
        SELECT count(*)::int AS n, count(DISTINCT number)::int AS numbers, min(number)::int AS first,
          max(number)::int AS last, count(DISTINCT team_id)::int AS teams,
          (SELECT count(*)::int FROM events e WHERE e.entity = 'job' AND e.type = 'CREATE'
            AND e.data->>'assignmentId' = ANY(${ids}::text[])) AS events
        FROM jobs WHERE assignment_id = ANY(${ids}::text[])`.execute(tx.db),
    );
    const r = rows[0]!;
    assert.equal(r.n, 280);
    assert.equal(r.numbers, 280, 'no number twice');
    assert.equal(r.last - r.first + 1, 280, 'consecutive: each batch took its own block');
    assert.equal(r.events, 280, 'one CREATE event per job');
    assert.equal(r.teams, 5 * 28, 'the two users of an occurrence share a team id');
  });

  test("each CREATE event is its job as the engine's read shape builds it from the stored row", async () => {
    const planning = daily(newObjectId());
    (planning.assignment.doc as Record<string, unknown>).title = 'Glas "innen"\n& außen\t';
    // A second run of an overlapping window: its events are those of the new jobs only.
    await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, [planning], FROM, FROM + 7 * 86_400_000),
    );
    await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, [planning], FROM, TO, { batchRows: 20 }),
    );
    const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
      sql<{ jobs: number; events: number; differing: number }>`
        SELECT count(*)::int AS jobs, count(e.id)::int AS events,
          count(*) FILTER (WHERE e.data IS DISTINCT FROM ${recordJson(jobs, 'j')})::int AS differing
        FROM jobs j LEFT JOIN events e ON e.entity = 'job' AND e.type = 'CREATE' AND e.data->>'_id' = j.id
        WHERE j.assignment_id = ${planning.assignment.id}`.execute(tx.db),
    );
    assert.deepEqual(rows[0], { jobs: 56, events: 56, differing: 0 });
  });

  test('jobs of two actors in one batch: each CREATE event carries its own actor in its status', async () => {
    const byPerson = { ...daily(newObjectId()), actor: acme.userId };
    const bySystem = daily(newObjectId());
    await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, [byPerson, bySystem], FROM, FROM + 7 * 86_400_000),
    );
    const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
      sql<{ actor: string; events: number; differing: number }>`
        SELECT e.data->'status'->>'createdBy' AS actor, count(*)::int AS events,
          count(*) FILTER (WHERE e.data IS DISTINCT FROM ${recordJson(jobs, 'j')})::int AS differing
        FROM jobs j JOIN events e ON e.entity = 'job' AND e.type = 'CREATE' AND e.data->>'_id' = j.id
        WHERE j.assignment_id = ANY(${[byPerson.assignment.id, bySystem.assignment.id]}::text[])
        GROUP BY 1 ORDER BY 1`.execute(tx.db),
    );
    assert.deepEqual(
      rows,
      [
        { actor: acme.userId, events: 14, differing: 0 },
        { actor: 'system', events: 14, differing: 0 },
      ].sort((a, b) => (a.actor < b.actor ? -1 : 1)),
    );
  });

  test("a generated job's columns are the ones its document promotes, and its document is the members set", async () => {
    const titled = daily(newObjectId());
    Object.assign(titled.assignment.doc, { title: 'Treppenhaus', type: 'cleaning', activityTypeId: newObjectId() });
    const alone = daily(newObjectId());
    alone.assignment.doc.userIds = [newObjectId()]; // one user: no team
    const unassigned = daily(newObjectId());
    unassigned.assignment.doc.userIds = [];
    const plannings = [titled, alone, unassigned];
    await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, plannings, FROM, FROM + 2 * 86_400_000, { batchRows: 3 }),
    );
    const columns = Object.values(jobs.columns!);
    const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
      sql<Record<string, unknown> & { doc: Record<string, unknown> }>`
        SELECT doc, ${sql.join(columns.map((c) => sql.ref(c)))} FROM jobs
        WHERE assignment_id = ANY(${plannings.map((p) => p.assignment.id)}::text[]) ORDER BY number`.execute(tx.db),
    );
    assert.equal(rows.length, 2 * 2 + 2 + 2);
    for (const row of rows) {
      const stored = Object.fromEntries(
        columns.map((c) => [c, row[c] instanceof Date ? (row[c] as Date).toISOString() : (row[c] ?? null)]),
      );
      assert.deepEqual(stored, promotedColumns(jobs, row.doc));
    }
    const first = (id: string) => rows.find((r) => r.assignment_id === id)!.doc;
    assert.deepEqual(Object.keys(first(titled.assignment.id)).sort(), [
      'activityTypeId',
      'assignmentId',
      'from',
      'objectId',
      'state',
      'targetTime',
      'teamId',
      'title',
      'to',
      'type',
      'userId',
    ]);
    assert.deepEqual(first(alone.assignment.id), {
      assignmentId: alone.assignment.id,
      objectId: alone.assignment.doc.objectId,
      from: '2027-01-04T07:00:00.000Z',
      to: '2027-01-04T09:00:00.000Z',
      targetTime: 120,
      state: 'open',
      userId: alone.assignment.doc.userIds[0],
    });
    assert.equal(first(unassigned.assignment.id).userId, undefined);
    assert.equal(rows.find((r) => r.assignment_id === unassigned.assignment.id)!.user_id, null);
  });

  test("text columns whose values hold a line break or '' go as arrays: every row keeps its own value", async () => {
    // Columns go as one text a line each where they can; a value with a line break would split into two rows'
    // values, and '' would be read as null. Each of these shares a batch with ordinary values.
    const runs = [
      [daily(newObjectId()), daily('Halle 2\nEingang Süd')],
      [daily(newObjectId()), daily('')],
    ];
    for (const planned of runs) {
      await inTenant(t.database, acme.companyId, (tx) => materializeAll(tx, jobAbsenceHooks, planned, FROM, TO));
      for (const { assignment } of planned) {
        const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
          sql<{ object_id: string | null; n: number }>`SELECT object_id, count(*)::int AS n FROM jobs
            WHERE assignment_id = ${assignment.id} GROUP BY 1`.execute(tx.db),
        );
        assert.deepEqual(rows, [{ object_id: assignment.doc.objectId, n: 56 }]);
      }
    }
  });

  test('a job kept between the keys of a batch: that batch makes the rest around it, the others are made whole', async () => {
    // Only a batch whose assignment has a job between its keys is inserted with ON CONFLICT; the batches
    // before and after it are inserted without, and none of them may meet a job that is there.
    const planning = daily(newObjectId());
    const tenth = FROM + 10 * 86_400_000;
    await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, [planning], tenth, tenth + 86_400_000),
    );
    const kept = await inTenant(t.database, acme.companyId, (tx) =>
      sql<{ id: string }>`SELECT id FROM jobs WHERE assignment_id = ${planning.assignment.id} ORDER BY id`.execute(
        tx.db,
      ),
    );
    assert.equal(kept.rows.length, 2);
    const created = await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, [planning], FROM, TO, { batchRows: 8 }),
    );
    assert.equal(created, 56 - 2);
    const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
      sql<{ n: number; keys: number; kept: number }>`
        SELECT count(*)::int AS n, count(DISTINCT (occurrence_key, slot))::int AS keys,
          count(*) FILTER (WHERE id = ANY(${kept.rows.map((r) => r.id)}::text[]))::int AS kept
        FROM jobs WHERE assignment_id = ${planning.assignment.id}`.execute(tx.db),
    );
    assert.deepEqual(rows[0], { n: 56, keys: 56, kept: 2 });
  });

  test('running the same window again creates nothing', async () => {
    const plannings = [daily(newObjectId()), daily(newObjectId())];
    const run = () =>
      inTenant(t.database, acme.companyId, (tx) =>
        materializeAll(tx, jobAbsenceHooks, plannings, FROM, TO, { batchRows: 30 }),
      );
    assert.equal(await run(), 112);
    assert.equal(await run(), 0);
  });

  test('a planning that fails after batches were sent fails the whole run and leaves nothing behind', async () => {
    const plannings: Array<ReturnType<typeof daily>> = [daily(newObjectId()), daily(newObjectId())];
    const broken = daily(newObjectId());
    broken.assignment.doc.iCalendar.frequency = 'HOURLY'; // refused when its occurrences are expanded
    const before = await countJobs();
    await assert.rejects(
      inTenant(t.database, acme.companyId, (tx) =>
        materializeAll(tx, jobAbsenceHooks, [...plannings, broken], FROM, TO, { batchRows: 20 }),
      ),
      /frequency/,
    );
    assert.equal(await countJobs(), before, 'the batches already inserted were rolled back');
  });
});

async function countJobs(): Promise<number> {
  const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
    sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs`.execute(tx.db),
  );
  return rows[0]!.n;
}

/** `count` of daily(): 56 jobs each. */
const many = (count: number): Planning[] => Array.from({ length: count }, () => daily(newObjectId()));
const ok = requester(
  () => t.app,
  () => acme.headers,
).ok;

/** Offers the second transaction through inTenantIfFree, and says whether its work ran. */
function counted(): { beside: BesideTransaction; ran: () => boolean } {
  let ran = false;
  const beside: BesideTransaction = (work) =>
    inTenantIfFree(t.database, acme.companyId, (side) => {
      ran = true;
      return work(side);
    });
  return { beside, ran: () => ran };
}

async function madeOf(planned: Planning[]) {
  const ids = planned.map((p) => p.assignment.id);
  const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
    sql<{ n: number; keys: number; numbers: number; first: number | null; last: number | null; events: number }>`
      SELECT count(*)::int AS n, count(DISTINCT (assignment_id, occurrence_key, slot))::int AS keys,
        count(DISTINCT number)::int AS numbers, min(number)::int AS first, max(number)::int AS last,
        (SELECT count(*)::int FROM events e WHERE e.entity = 'job' AND e.type = 'CREATE'
          AND e.data->>'assignmentId' = ANY(${ids}::text[])) AS events
      FROM jobs WHERE assignment_id = ANY(${ids}::text[])`.execute(tx.db),
  );
  return rows[0]!;
}

const jobsCounter = () =>
  inTenant(t.database, acme.companyId, (tx) =>
    sql<{ value: number }>`SELECT coalesce(max(value), 0)::int AS value FROM counters WHERE name = 'jobs'`.execute(
      tx.db,
    ),
  ).then(({ rows }) => rows[0]!.value);

describe('generation beside the caller', () => {
  test('a large window: both transactions make their half, every job once, numbers one block, one event each', async () => {
    const planned = many(20); // 1,120 rows
    assert.ok(20 * 56 >= BESIDE_MIN_ROWS);
    const { beside, ran } = counted();
    const counterBefore = await jobsCounter();
    const created = await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside, batchRows: 200 }),
    );
    assert.equal(created, 1120);
    // PostgreSQL's pool has a connection free; the embedded database has one connection, so none beside.
    assert.equal(ran(), t.database.kind === 'postgres');
    const made = await madeOf(planned);
    assert.equal(made.n, 1120);
    assert.equal(made.keys, 1120, 'every occurrence and user once');
    assert.equal(made.numbers, 1120, 'no number twice');
    assert.equal(made.last! - made.first! + 1, 1120, 'consecutive: one block for both halves');
    assert.equal(made.first, counterBefore + 1);
    assert.equal(await jobsCounter(), counterBefore + 1120, 'the counter kept the block');
    assert.equal(made.events, 1120, 'one CREATE event per job');

    const again = await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside }),
    );
    assert.equal(again, 0, 'a second run makes nothing');
  });

  test("the second half's jobs on an approved absence are marked, by the caller's transaction", async () => {
    const uma = (await ok('POST', '/v2/users/', { general: { firstName: 'Uma' } }, 201))._id as string;
    const away = await ok(
      'POST',
      '/v2/absences/',
      { userId: uma, type: 3, dtStart: '2027-01-11T08:00:00Z', dtEnd: '2027-01-13T08:00:00Z' },
      201,
    );
    await ok('POST', `/v2/absences/${away._id}/approve`);
    const planned = many(20);
    // The last assignment is of the second half: Uma is one of its two users.
    (planned[19]!.assignment.doc as { userIds: string[] }).userIds[0] = uma;
    const { beside, ran } = counted();
    await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside, batchRows: 200 }),
    );
    assert.equal(ran(), t.database.kind === 'postgres');
    const { rows } = await inTenant(t.database, acme.companyId, (tx) =>
      sql<{ id: string; absence_id: string | null }>`SELECT id, absence_id FROM jobs
        WHERE user_id = ${uma} AND assignment_id = ${planned[19]!.assignment.id} ORDER BY from_at`.execute(tx.db),
    );
    assert.equal(rows.length, 28);
    const marked = rows.filter((r) => r.absence_id === away._id).map((r) => r.id);
    assert.equal(marked.length, 3, 'the 11th, 12th and 13th of January');
    assert.deepEqual(((await ok('GET', `/v2/absences/${away._id}`)).affectedJobs as string[]).sort(), marked.sort());
  });

  test('a small window is made in the caller’s transaction alone', async () => {
    const planned = many(2); // 112 rows
    const { beside, ran } = counted();
    const created = await inTenant(t.database, acme.companyId, (tx) =>
      materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside }),
    );
    assert.equal(created, 112);
    assert.equal(ran(), false);
  });

  test('a rule of the second half that cannot be expanded fails the window while the first half is being made', async () => {
    const planned = many(20);
    planned[19]!.assignment.doc.iCalendar.frequency = 'HOURLY'; // refused when its occurrences are expanded
    const { beside, ran } = counted();
    const counterBefore = await jobsCounter();
    const jobsBefore = await countJobs();
    await assert.rejects(
      inTenant(t.database, acme.companyId, (tx) =>
        materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside, batchRows: 100 }),
      ),
      /frequency/,
    );
    assert.equal(ran(), false, 'no second transaction for a half that could not be counted');
    assert.equal(await countJobs(), jobsBefore, "the first half's batches were rolled back");
    assert.equal(await jobsCounter(), counterBefore, 'no number taken');
  });

  test('the first half failing rolls the second back: no job, event or number is left', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('the embedded database makes a window in one transaction');
    const planned = many(20);
    const { beside, ran } = counted();
    const counterBefore = await jobsCounter();
    await assert.rejects(
      inTenant(t.database, acme.companyId, async (tx) => {
        // The caller's statements fail; the second transaction's do not.
        await sql`SET LOCAL statement_timeout = '1ms'`.execute(tx.db);
        return materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside, batchRows: 200 });
      }),
      /statement timeout/,
    );
    assert.equal(ran(), true);
    const made = await madeOf(planned);
    assert.equal(made.n, 0);
    assert.equal(made.events, 0);
    assert.equal(await jobsCounter(), counterBefore, 'the block was given back');
  });

  test('the second half failing fails the whole window', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('the embedded database makes a window in one transaction');
    const planned = many(20);
    const failing: BesideTransaction = (work) =>
      inTenantIfFree(t.database, acme.companyId, async (side) => {
        await work(side);
        throw new Error('the second transaction failed');
      });
    await assert.rejects(
      inTenant(t.database, acme.companyId, (tx) =>
        materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside: failing, batchRows: 200 }),
      ),
      /the second transaction failed/,
    );
    const made = await madeOf(planned);
    assert.equal(made.n, 0);
  });

  test("the second half failing as it goes stops the first, and the window fails with the second's error", async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('the embedded database makes a window in one transaction');
    const planned = many(40);
    const failing: BesideTransaction = (work) =>
      inTenantIfFree(t.database, acme.companyId, async (side) => {
        await sql`SET LOCAL statement_timeout = '1ms'`.execute(side.db); // its statements fail, the caller's do not
        return work(side);
      });
    await assert.rejects(
      inTenant(t.database, acme.companyId, (tx) =>
        materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside: failing, batchRows: 100 }),
      ),
      /statement timeout/,
    );
    assert.equal((await madeOf(planned)).n, 0);
  });

  test('with every other connection of the pool taken, the caller makes the window alone, without waiting', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('the embedded database has one connection');
    const release = deferred();
    const held: Array<Promise<unknown>> = [];
    const holding: Array<Promise<void>> = [];
    // The test pool's other connections, each in a transaction that waits (they could be waiting on the
    // planning lock the caller holds: a second transaction that waited for one of them would wait forever).
    // Three writes and a read: four writes would hold every write slot (write-gate.ts), and the caller wait.
    for (let i = 0; i < 4; i++) {
      const started = deferred();
      holding.push(started.promise);
      held.push(
        (i < 3 ? inTenant : readInTenant)(t.database, acme.companyId, async (tx) => {
          await sql`SELECT 1`.execute(tx.db);
          started.resolve();
          await release.promise;
        }),
      );
    }
    await Promise.all(holding);
    try {
      const planned = many(20);
      const { beside, ran } = counted();
      const created = await inTenant(t.database, acme.companyId, (tx) => {
        assert.equal(t.database.hasFreeConnection!(), false, 'all 5 connections in use');
        return materializeAll(tx, jobAbsenceHooks, planned, FROM, TO, { beside, batchRows: 200 });
      });
      assert.equal(created, 1120);
      assert.equal(ran(), false);
    } finally {
      release.resolve();
      await Promise.all(held);
    }
    assert.equal(t.database.hasFreeConnection!(), true);
  });
});
