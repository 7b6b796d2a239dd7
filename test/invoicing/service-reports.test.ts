// Service reports: the jobs and clocked times of an object in a period, signed by the customer
// through a single-use, expiring link that needs no account.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { call, createTestApp, signup, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signup>>;
let other: Awaited<ReturnType<typeof signup>>;
let objectId: string;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Report GmbH');
  other = await signup(t.app, 'Other GmbH');
  const customerId = (await call(t.app, 'POST', '/v2/customers/', admin.headers, { name: 'HV Nord' })).body._id;
  objectId = (await call(t.app, 'POST', '/v2/objects/', admin.headers, { name: 'Praxis', customerId })).body._id;
  const userId = (
    await call(t.app, 'POST', '/v2/users/', admin.headers, { general: { firstName: 'Eva', lastName: 'Roth' } })
  ).body._id;
  for (const [from, to] of [
    ['2026-10-05T06:00:00Z', '2026-10-05T08:00:00Z'],
    ['2026-10-12T06:00:00Z', '2026-10-12T08:00:00Z'],
    ['2026-11-02T06:00:00Z', '2026-11-02T08:00:00Z'],
  ]) {
    const job = (
      await call(t.app, 'POST', '/v2/jobs/', admin.headers, { objectId, userId, from, to, title: 'Reinigung' })
    ).body._id;
    const entry = await call(t.app, 'POST', '/v2/timeTracking/', admin.headers, {
      userId,
      jobId: job,
      timeStart: from,
      timeEnd: to,
      reason: 'paper list',
    });
    assert.equal(entry.status, 201, JSON.stringify(entry.body));
  }
});
after(() => t.close());

const link = async (reportId: string, body: object = {}) =>
  call(t.app, 'POST', `/v2/serviceReports/${reportId}/clientLink`, admin.headers, body);

describe('service reports', () => {
  test("a report lists the period's jobs with their clocked times and the total", async () => {
    const created = await call(t.app, 'POST', '/v2/serviceReports/', admin.headers, {
      objectId,
      from: '2026-10-01',
      to: '2026-10-31',
      title: 'Oktober',
    });
    assert.equal(created.status, 201);
    const report = (await call(t.app, 'GET', `/v2/serviceReports/${created.body._id}`, admin.headers)).body;
    assert.equal(report.state, 'open');
    assert.equal(report.jobs.length, 2); // the November job is outside
    assert.deepEqual(
      report.jobs.map((j: Json) => [j.from, j.user, j.workingTime]),
      [
        ['2026-10-05T06:00:00.000Z', 'Eva Roth', 7200],
        ['2026-10-12T06:00:00.000Z', 'Eva Roth', 7200],
      ],
    );
    assert.equal(report.totalWorkingTime, 14400);
    assert.equal(
      (
        await call(t.app, 'POST', '/v2/serviceReports/', admin.headers, {
          objectId,
          from: '2026-10-31',
          to: '2026-10-01',
        })
      ).status,
      400,
    );
  });

  test('the customer reads and signs through the link once, without credentials; the link is then used up', async () => {
    const reportId = (
      await call(t.app, 'POST', '/v2/serviceReports/', admin.headers, {
        objectId,
        from: '2026-10-01',
        to: '2026-10-31',
      })
    ).body._id;
    const issued = await link(reportId);
    assert.equal(issued.status, 201);
    assert.match(issued.body.token, /^[A-Za-z0-9_-]{43}$/);
    const view = await call(t.app, 'GET', issued.body.path, {});
    assert.equal(view.status, 200);
    assert.equal(view.body.jobs.length, 2);
    assert.equal(view.body.objectId, undefined, 'the link shows the report, not internal ids');
    assert.deepEqual((await call(t.app, 'POST', `${issued.body.path}/sign`, {}, { name: 'Frau Nord' })).body, {
      signed: true,
    });
    const signed = (await call(t.app, 'GET', `/v2/serviceReports/${reportId}`, admin.headers)).body;
    assert.equal(signed.state, 'signed');
    assert.equal(signed.signature.name, 'Frau Nord');
    assert.equal((await call(t.app, 'GET', issued.body.path, {})).status, 404, 'a used link is gone');
    assert.equal((await call(t.app, 'POST', `${issued.body.path}/sign`, {}, { name: 'Again' })).status, 404);
    assert.equal(
      (await call(t.app, 'PATCH', `/v2/serviceReports/${reportId}`, admin.headers, { title: 'changed' })).status,
      409,
    );
    assert.equal((await link(reportId)).status, 409, 'a signed report gets no new link');
  });

  test('an expired, unknown or malformed token is 404 (400 for the malformed), and only the hash is stored', async () => {
    const reportId = (
      await call(t.app, 'POST', '/v2/serviceReports/', admin.headers, {
        objectId,
        from: '2026-10-01',
        to: '2026-10-31',
      })
    ).body._id;
    const issued = (await link(reportId, { expiresInHours: 1 })).body;
    const stored = await t.database.kysely
      .selectFrom('client_links')
      .selectAll()
      .where('record_id', '=', reportId)
      .execute();
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0]!.token_hash, issued.token);
    await sql`UPDATE client_links SET expires_at = now() - interval '1 second' WHERE record_id = ${reportId}`.execute(
      t.database.kysely,
    );
    assert.equal((await call(t.app, 'GET', issued.path, {})).status, 404);
    assert.equal((await call(t.app, 'GET', `/v2/client/serviceReports/${'A'.repeat(43)}`, {})).status, 404);
    assert.equal((await call(t.app, 'GET', '/v2/client/serviceReports/short', {})).status, 400);
    assert.equal((await link(reportId, { expiresInHours: 10_000 })).status, 400);
  });

  test('another company cannot make links for the report', async () => {
    const reportId = (
      await call(t.app, 'POST', '/v2/serviceReports/', admin.headers, {
        objectId,
        from: '2026-10-01',
        to: '2026-10-31',
      })
    ).body._id;
    assert.equal(
      (await call(t.app, 'POST', `/v2/serviceReports/${reportId}/clientLink`, other.headers, {})).status,
      404,
    );
  });
});
