// Planning onto an absent person's days: allowed, but the job is marked as the approved absence's
// affected job (absenceId, absences[], the absence's affectedJobs), jobsInTimeFrame finds it by
// absenceId, and the mark follows the job: moved or given away, it goes; approved later or
// cancelled, the absence marks and releases the jobs already planned.
// Europe/Berlin (the default zone) is UTC+1 in December: a full-day absence of 2026-12-07..09
// covers [2026-12-06T23:00Z, 2026-12-09T23:00Z).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
const { ok } = requester(
  () => t.app,
  () => admin.headers,
);
const id = {} as Record<'uma' | 'ben' | 'object' | 'away' | 'tuesday' | 'thursday' | 'bens', string>;

const newJob = async (userId: string, from: string, to: string) =>
  (await ok('POST', '/v2/jobs/', { userId, objectId: id.object, from, to }, 201))._id as string;
const getJob = (jobId: string) => ok('GET', `/v2/jobs/${jobId}`);
const getAbsence = (absenceId: string) => ok('GET', `/v2/absences/${absenceId}`);
const W = { from: String(Date.parse('2026-12-06T00:00:00Z')), to: String(Date.parse('2026-12-12T00:00:00Z')) };
const frame = async (filter: Record<string, unknown>) =>
  ((await ok('POST', '/v2/jobs/jobsInTimeFrame', { ...W, ...filter })) as Json[]).map((j) => j._id).sort();

async function approvedAbsence(userId: string, firstDay: string, lastDay: string): Promise<string> {
  const { _id } = await ok(
    'POST',
    '/v2/absences/',
    { userId, type: 3, dtStart: `${firstDay}T08:00:00Z`, dtEnd: `${lastDay}T08:00:00Z` },
    201,
  );
  await ok('POST', `/v2/absences/${_id}/approve`);
  return _id;
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Planner');
  id.uma = (await ok('POST', '/v2/users/', { general: { firstName: 'Uma' } }, 201))._id;
  id.ben = (await ok('POST', '/v2/users/', { general: { firstName: 'Ben' } }, 201))._id;
  id.object = (await ok('POST', '/v2/objects/', { name: 'Tower' }, 201))._id;
  // Uma is away (unpaid leave) Monday 2026-12-07 to Wednesday 2026-12-09; nothing was planned then.
  id.away = await approvedAbsence(id.uma, '2026-12-07', '2026-12-09');
});
after(() => t.close());

describe('a job planned on an approved absence', () => {
  test('is created, marked with the absence and listed in its affectedJobs', async () => {
    const before = await getAbsence(id.away);
    assert.deepEqual([before.state, before.affectedJobs, before.isAssigned], ['approved', [], true]);
    id.tuesday = await newJob(id.uma, '2026-12-08T08:00:00Z', '2026-12-08T10:00:00Z');
    const job = await getJob(id.tuesday);
    assert.equal(job.absenceId, id.away);
    assert.deepEqual(
      job.absences.map((a: Json) => [a.absenceId, a.dtStart, a.dtEnd]),
      [[id.away, '2026-12-06T23:00:00.000Z', '2026-12-09T23:00:00.000Z']],
    );
    const absence = await getAbsence(id.away);
    assert.deepEqual(
      [absence.affectedJobs, absence.affectedObjectIds, absence.isAssigned, absence.state],
      [[id.tuesday], [id.object], false, 'approved'],
    );
    // Thursday 2026-12-10 08:00Z is after the period's end (2026-12-09T23:00Z): not marked.
    id.thursday = await newJob(id.uma, '2026-12-10T08:00:00Z', '2026-12-10T10:00:00Z');
    assert.equal((await getJob(id.thursday)).absenceId, undefined);
    // jobsInTimeFrame: the documented absenceId filter and the unassigned view find it.
    assert.deepEqual(await frame({ absenceId: { exists: true } }), [id.tuesday]);
    assert.deepEqual(await frame({ absenceId: id.away }), [id.tuesday]);
    assert.deepEqual(await frame({ absenceId: { exists: false } }), [id.thursday]);
    assert.deepEqual(await frame({ userIds: ['unassigned_jobs'] }), [id.tuesday]);
  });

  test('moving a job onto the absence marks it, moving it off unmarks it', async () => {
    // Thursday 10:00Z → Wednesday 2026-12-09 22:00Z-23:30Z overlaps the period's last hour.
    await ok('POST', `/v2/jobs/${id.thursday}/move`, { from: '2026-12-09T22:00:00Z', to: '2026-12-09T23:30:00Z' });
    assert.equal((await getJob(id.thursday)).absenceId, id.away);
    assert.deepEqual((await getAbsence(id.away)).affectedJobs, [id.tuesday, id.thursday]);
    // From 23:00Z on (the period's end) it no longer overlaps.
    await ok('PATCH', `/v2/jobs/${id.thursday}`, { from: '2026-12-09T23:00:00Z', to: '2026-12-10T01:00:00Z' });
    const job = await getJob(id.thursday);
    assert.deepEqual([job.absenceId, job.absences], [undefined, []]);
    assert.deepEqual((await getAbsence(id.away)).affectedJobs, [id.tuesday]);
  });

  test('assigning a job to the absent user marks it; giving it to someone present unmarks it', async () => {
    id.bens = await newJob(id.ben, '2026-12-07T12:00:00Z', '2026-12-07T13:00:00Z');
    assert.equal((await getJob(id.bens)).absenceId, undefined);
    await ok('POST', `/v2/jobs/${id.bens}/assign`, { userIds: [id.uma] });
    assert.equal((await getJob(id.bens)).absenceId, id.away);
    assert.deepEqual((await getAbsence(id.away)).affectedJobs, [id.bens, id.tuesday]);
    // Two users: Ben keeps this job (present, unmarked); Uma's copy is marked.
    const { ids } = await ok('POST', `/v2/jobs/${id.bens}/assign`, { userIds: [id.ben, id.uma] });
    assert.equal((await getJob(ids[0])).absenceId, undefined);
    assert.equal((await getJob(ids[1])).absenceId, id.away);
    assert.deepEqual((await getAbsence(id.away)).affectedJobs, [ids[1], id.tuesday]);
    await ok('POST', `/v2/jobs/${ids[1]}/unassign`);
    assert.equal((await getJob(ids[1])).absenceId, undefined);
    assert.deepEqual((await getAbsence(id.away)).affectedJobs, [id.tuesday]);
  });

  test("an assignment's generated jobs on the absent days are marked, the others not", async () => {
    // Daily 09:00-11:00 Berlin (08:00-10:00Z), 2026-12-06 to 2026-12-10, for Uma and Ben: 5 days × 2 users.
    const { _id } = await ok(
      'POST',
      '/v2/assignments/',
      {
        objectId: id.object,
        title: 'Daily',
        userIds: [id.uma, id.ben],
        iCalendar: {
          tzid: 'Europe/Berlin',
          rrule: 'FREQ=DAILY;COUNT=5',
          dtstart: '2026-12-06T09:00:00',
          dtend: '2026-12-06T11:00:00',
        },
      },
      201,
    );
    const generated = (await ok('POST', '/v2/jobs/jobsInTimeFrame', { ...W, assignmentIds: [_id] })) as Json[];
    assert.equal(generated.length, 10);
    const marked = generated.filter((j) => j.absenceId).map((j) => [j.userId, j.from.slice(0, 10)]);
    // Uma on 12-07, 12-08, 12-09 (inside the period); Sunday 12-06 and Thursday 12-10 are outside; Ben never.
    assert.deepEqual(marked, [
      [id.uma, '2026-12-07'],
      [id.uma, '2026-12-08'],
      [id.uma, '2026-12-09'],
    ]);
    const affected = (await getAbsence(id.away)).affectedJobs;
    assert.equal(affected.length, 4); // the three generated ones and Tuesday's one-off job
    for (const j of generated.filter((g) => g.absenceId)) assert.ok(affected.includes(j._id));
  });
});

describe('absences approved or cancelled after planning', () => {
  test('approving marks the jobs already planned; cancelling unmarks them', async () => {
    const planned = await newJob(id.ben, '2026-12-15T08:00:00Z', '2026-12-15T10:00:00Z');
    const { _id } = await ok(
      'POST',
      '/v2/absences/',
      { userId: id.ben, type: 3, dtStart: '2026-12-15T08:00:00Z', dtEnd: '2026-12-15T08:00:00Z' },
      201,
    );
    assert.equal((await getJob(planned)).absenceId, undefined); // an open request marks nothing
    await ok('POST', `/v2/absences/${_id}/approve`);
    assert.equal((await getJob(planned)).absenceId, _id);
    assert.deepEqual((await getAbsence(_id)).affectedJobs, [planned]);
    await ok('POST', `/v2/absences/${_id}/cancel`);
    const job = await getJob(planned);
    assert.deepEqual([job.absenceId, job.absences], [undefined, []]);
    // A job planned after the cancellation is not marked.
    assert.equal(
      (await getJob(await newJob(id.ben, '2026-12-15T12:00:00Z', '2026-12-15T13:00:00Z'))).absenceId,
      undefined,
    );
  });

  test("cancelling Uma's absence unmarks every job planned on it", async () => {
    await ok('POST', `/v2/absences/${id.away}/cancel`);
    assert.deepEqual(await frame({ absenceId: { exists: true } }), []);
    assert.equal((await getJob(id.tuesday)).absenceId, undefined);
  });
});
