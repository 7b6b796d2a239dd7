// Common entity and read-only fields in write bodies (docs/decisions.md, API conventions): a record
// read with GET can be changed and sent back whole; the server ignores what it owns, whatever the
// value (another record's _id, another company's companyId), and unknown fields stay 400.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Resolver } from '../../src/modules/webhooks/target-guard.js';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { createFixtureRecords, FIXTURES, type Ids } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

const resolveHost: Resolver = async () => ['93.184.216.34'];

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ids: Ids;
const { req, ok } = requester(
  () => t.app,
  () => a.headers,
);

/** A record as GET shows it, without what a write moves (lastModifiedAt/By). */
function settled(record: Record<string, Json>) {
  const {
    status: { lastModifiedAt: _at, lastModifiedBy: _by, ...status },
    ...rest
  } = record;
  return { ...rest, status };
}

before(async () => {
  t = await createTestApp({}, { resolveHost });
  a = await signup(t.app, 'Echo A');
  b = await signup(t.app, 'Echo B');
  ids = await createFixtureRecords({ app: t.app, headers: a.headers });
});
after(async () => {
  await t?.close();
});

describe('a record read, changed and sent back whole', () => {
  const cases: Array<[string, string, (record: Json) => Record<string, unknown>]> = [
    ['customers', 'name', () => ({ name: 'Renamed customer' })],
    ['users', 'general', (r) => ({ general: { ...r.general, firstName: 'Anna' } })],
    ['integrations/webhooks', 'url', () => ({ url: 'https://93.184.216.34/other-hook' })],
    ['jobs', 'title', () => ({ title: 'Night shift' })],
    // A manager's correction is marked by the server (editedByManager); sending the mark sets nothing.
    ['timeTracking', 'comment', () => ({ comment: 'corrected', editedByManager: true })],
    ['orders', 'comment', () => ({ comment: 'urgent' })],
  ];
  for (const [collection, field, change] of cases) {
    test(`${collection}: PATCH of the whole record changes only ${field}`, async () => {
      const url = `/v2/${collection}/${ids[collection]}`;
      const before = await ok('GET', url);
      const res = await req('PATCH', url, { ...before, ...change(before) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const after = await ok('GET', url);
      assert.deepEqual(settled(after), settled({ ...before, ...change(before) }));
      assert.equal(after.status.lastModifiedBy, a.userId);
    });
  }

  test('every engine resource takes its own record back (PATCH answers no 400)', async () => {
    // Routes of their own: absences take only the spec's PATCH fields; stornos, chats, API keys, imports,
    // notifications and push subscriptions have no such PATCH.
    const skip = new Set([
      'absences',
      'invoiceStornos',
      'chats',
      'apiKeys',
      'imports',
      'notifications',
      'pushSubscriptions',
    ]);
    const refused: string[] = [];
    for (const collection of Object.keys(FIXTURES).filter((c) => !skip.has(c))) {
      const url = `/v2/${collection}/${ids[collection]}`;
      const record = await ok('GET', url);
      const res = await req('PATCH', url, record);
      // 409: the record is settled (an issued invoice); it must not be a refusal of the body's fields.
      if (res.status !== 200 && res.status !== 409)
        refused.push(`${collection}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    assert.deepEqual(refused, []);
  });
});

describe('ignored whatever the value', () => {
  test("POST with _id, companyId, status, chatId: 201 and the server's values", async () => {
    const other = (await call(t.app, 'GET', '/v2/activityTypes/', b.headers)).body[0] ?? {
      _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    };
    const sent = {
      name: 'Echoed',
      _id: ids.customers,
      companyId: b.companyId,
      number: 4242,
      chatId: other._id,
      status: {
        status: 7,
        createdAt: '2000-01-01T00:00:00.000Z',
        createdBy: b.userId,
        lastModifiedAt: '2000-01-01T00:00:00.000Z',
        lastModifiedBy: b.userId,
      },
    };
    const { _id } = await ok('POST', '/v2/activityTypes/', sent, 201);
    assert.notEqual(_id, ids.customers);
    const stored = await ok('GET', `/v2/activityTypes/${_id}`);
    assert.equal(stored.companyId, a.companyId);
    assert.notEqual(stored.number, 4242, 'activity types take no client number');
    assert.notEqual(stored.chatId, other._id);
    assert.equal(stored.status.status, 1);
    assert.equal(stored.status.createdBy, a.userId);
    assert.ok(Date.parse(stored.status.createdAt) > Date.parse('2020-01-01'));
  });

  test('a record read with GET is POSTed back as a copy: its unset (null) fields stay unset', async () => {
    for (const collection of ['activityTypes', 'customers', 'jobs']) {
      const { number, ...record } = await ok('GET', `/v2/${collection}/${ids[collection]}`);
      // Numbers are unique: where a client may choose one, the copy must not repeat it.
      const { _id } = await ok(
        'POST',
        `/v2/${collection}/`,
        collection === 'customers' ? record : { ...record, number },
        201,
      );
      const copy = await ok('GET', `/v2/${collection}/${_id}`);
      assert.notEqual(copy.number, number);
      const same = (r: Record<string, Json>) => {
        const { _id: _i, number: _n, status: _s, chatId: _c, started: _st, ...rest } = r;
        return rest;
      };
      assert.deepEqual(same(copy), same(record), collection);
    }
    assertProblem(await req('POST', '/v2/customers/', { name: null }), 400, 'name');
  });

  test('number is applied on create where the resource accepts one, never on PATCH', async () => {
    const { _id } = await ok('POST', '/v2/customers/', { name: 'Numbered', number: 90001, _id: ids.objects }, 201);
    const url = `/v2/customers/${_id}`;
    assert.equal((await ok('GET', url)).number, 90001);
    await ok('PATCH', url, { number: 90002, name: 'Numbered still' });
    const after = await ok('GET', url);
    assert.equal(after.number, 90001);
    assert.equal(after.name, 'Numbered still');
  });

  test("another company's _id and companyId in a PATCH change nothing but this record", async () => {
    const theirs = (await call(t.app, 'POST', '/v2/customers/', b.headers, { name: "B's customer" })).body._id;
    const url = `/v2/customers/${ids.customers}`;
    const mine = await ok('GET', url);
    await ok('PATCH', url, { ...mine, _id: theirs, companyId: b.companyId, name: "Still A's" });
    const after = await ok('GET', url);
    assert.equal(after._id, ids.customers);
    assert.equal(after.companyId, a.companyId);
    assert.equal(after.name, "Still A's");
    const untouched = (await call(t.app, 'GET', `/v2/customers/${theirs}`, b.headers)).body;
    assert.equal(untouched.name, "B's customer");
    assert.equal(untouched.companyId, b.companyId);
  });

  test('read-only fields are ignored: approved: true approves nothing, loginTries stays', async () => {
    const entryUrl = `/v2/timeTracking/${
      (
        await ok(
          'POST',
          '/v2/timeTracking/',
          {
            userId: ids.users,
            timeStart: '2027-02-01T06:00:00Z',
            timeEnd: '2027-02-01T07:00:00Z',
            reason: 'manual',
          },
          201,
        )
      )._id
    }`;
    await ok('PATCH', entryUrl, { approved: true, salaryIds: [ids.salaries], reason: 'sneaky' });
    const entry = await ok('GET', entryUrl);
    assert.equal(entry.approved, false);
    assert.deepEqual(entry.salaryIds, []);
    assert.equal(entry.reason, 'sneaky');

    const userUrl = `/v2/users/${ids.users}`;
    await ok('PATCH', userUrl, {
      access: { loginTries: 99, passwordChangeDate: '2000-01-01T00:00:00Z', webAccess: 'full' },
    });
    const user = await ok('GET', userUrl);
    assert.equal(user.access.loginTries, 0);
    assert.equal(user.access.passwordChangeDate ?? undefined, undefined);
    assert.equal(user.access.webAccess, 'full');
  });

  test("webhooks: create and PATCH bodies carry the common entity fields (the spec's PATCH body)", async () => {
    const created = await ok(
      'POST',
      '/v2/integrations/webhooks/',
      {
        type: 'UPDATE',
        entity: 'job',
        url: 'https://93.184.216.34/jobs',
        _id: ids.customers,
        companyId: b.companyId,
        number: 5,
        status: { status: 1 },
        disabledAt: '2020-01-01T00:00:00Z',
      },
      201,
    );
    const url = `/v2/integrations/webhooks/${created._id}`;
    const stored = await ok('GET', url);
    assert.equal(stored.companyId, a.companyId);
    assert.equal(stored.disabledAt ?? undefined, undefined);
    assert.deepEqual(await ok('PATCH', url, { ...stored, entity: 'customer' }), { _id: created._id });
    assert.equal((await ok('GET', url)).entity, 'customer');
  });

  test("absences: the spec's PATCH takes the common entity fields besides its own", async () => {
    const url = `/v2/absences/${ids.absences}`;
    const record = await ok('GET', url);
    const { _id, number, companyId, status, chatId } = record;
    await ok('PATCH', url, { _id, number, companyId, status, chatId, state: 'approved', desc: 'dentist' });
    const after = await ok('GET', url);
    assert.equal(after.desc, 'dentist');
    assert.equal(after.state, record.state);
    assert.equal(after.daysAbsentManual, record.daysAbsentManual, 'daysAbsent was not written');
  });
});

describe('unknown fields stay 400', () => {
  test('at the top level and nested, in create and PATCH bodies', async () => {
    assertProblem(await req('POST', '/v2/customers/', { name: 'x', favouriteColour: 'blue' }), 400, 'favouriteColour');
    assertProblem(
      await req('PATCH', `/v2/customers/${ids.customers}`, { _id: ids.customers, favouriteColour: 'blue' }),
      400,
      'favouriteColour',
    );
    assertProblem(await req('PATCH', `/v2/users/${ids.users}`, { access: { loginTries: 1, isAdmin: true } }), 400, [
      'access.isAdmin',
      'access',
    ]);
    assertProblem(
      await req('PATCH', `/v2/integrations/webhooks/${ids['integrations/webhooks']}`, { status: {}, secret: 'x' }),
      400,
      'secret',
    );
    assertProblem(
      await req('PATCH', `/v2/absences/${ids.absences}`, { companyId: a.companyId, colour: 'red' }),
      400,
      'colour',
    );
  });
});
