// POST /v2/sms, text messages to employees: sent through the gateway (a file sink here) to each
// user's normalised mobile or telephone number, `no_number` without one; the users' SMS bookkeeping
// updated with an UPDATE event; the daily allowance per company (2 here) refuses a request it does not
// cover (429, nothing sent); an
// employee is refused (403), another company's user is 400 like any reference; a provider answering
// 500 yields `failed`. Numbers need no verification here (SMS_UNVERIFIED=allow): test/security/sms-abuse.test.ts
// tests verification and the per-number limit.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventsUntil } from '../helpers/event-feed.js';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let dir: string;
let sinkFile: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crewbase-sms-'));
  sinkFile = join(dir, 'sms.jsonl');
  t = await createTestApp({ SMS_SINK: `file:${sinkFile}`, SMS_DAILY_LIMIT_PER_COMPANY: '2', SMS_UNVERIFIED: 'allow' });
});
after(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sunk = (): Array<{ to: string; text: string }> => {
  try {
    return readFileSync(sinkFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
};

async function newUser(app: TestApp['app'], tenant: Tenant, contact?: Record<string, string>) {
  const groups = await groupIdsOf(app, tenant.headers);
  const res = await call(app, 'POST', '/v2/users/', tenant.headers, {
    general: { firstName: 'Emma', lastName: 'Employee' },
    accessGroupId: groups.employee,
    ...(contact ? { contact } : {}),
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body._id as string;
}

describe('POST /v2/sms', () => {
  test('sends to users with a number, no_number without; bookkeeping and UPDATE events follow', async () => {
    const company = await signup(t.app, 'Sms');
    const mobile = await newUser(t.app, company, { mobile: '0171 / 234-56 78', telephone: '030 1234' });
    const phone = await newUser(t.app, company, { telephone: '0049 (30) 987.65' });
    const none = await newUser(t.app, company);
    const before = sunk().length;

    const res = await call(t.app, 'POST', '/v2/sms', company.headers, {
      userIds: [mobile, none, phone],
      text: 'Tomorrow starts at 7.',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, {
      results: [
        { userId: mobile, status: 'sent' },
        { userId: none, status: 'no_number' },
        { userId: phone, status: 'sent' },
      ],
    });
    const messages = sunk()
      .slice(before)
      .map(({ to, text }) => ({ to, text }));
    assert.deepEqual(
      messages.sort((a, b) => a.to.localeCompare(b.to)),
      [
        { to: '+493098765', text: 'Tomorrow starts at 7.' },
        { to: '01712345678', text: 'Tomorrow starts at 7.' },
      ],
    );

    for (const id of [mobile, phone]) {
      const user = await call(t.app, 'GET', `/v2/users/${id}`, company.headers);
      assert.equal(user.body.contact.smsCount, 1);
      assert.equal(user.body.contact.lastSMSStatus, 'sent');
      assert.ok(Math.abs(Date.parse(user.body.contact.smsSendDate) - Date.now()) < 60_000);
      assert.equal(user.body.status.lastModifiedBy, company.userId);
    }
    const untouched = await call(t.app, 'GET', `/v2/users/${none}`, company.headers);
    assert.equal(untouched.body.contact, undefined);

    type UserEvent = { type: string; entity: string; data?: { _id?: string; contact?: Record<string, unknown> } };
    const isUpdate = (id: string) => (e: UserEvent) =>
      e.type === 'UPDATE' && e.entity === 'user' && e.data?._id === id && e.data?.contact?.smsCount === 1;
    const events = await eventsUntil(
      t.app,
      company,
      (all) => all.some(isUpdate(mobile)) && all.some(isUpdate(phone)),
      'the users UPDATE events of the SMS',
    );
    assert.equal(events.find(isUpdate(mobile))?.data?.contact?.lastSMSStatus, 'sent');
    assert.doesNotMatch(JSON.stringify(events), /Tomorrow starts/);
  });

  test('the daily allowance (2): a request it does not cover is 429 and sends nothing; it counts across requests', async () => {
    const company = await signup(t.app, 'Limit');
    const ids = [
      await newUser(t.app, company, { mobile: '+49 171 1111111' }),
      await newUser(t.app, company, { mobile: '+49 171 2222222' }),
      await newUser(t.app, company, { mobile: '+49 171 3333333' }),
    ];
    const before = sunk().length;
    const refused = await call(t.app, 'POST', '/v2/sms', company.headers, { userIds: ids, text: 'Hello' });
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.match(refused.body.detail, /allowance \(2 per UTC day\)/);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 86400, `Retry-After ${retryAfter}`);
    assert.equal(sunk().length - before, 0);

    const res = await call(t.app, 'POST', '/v2/sms', company.headers, { userIds: ids.slice(0, 2), text: 'Hello' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.results.map((r: { status: string }) => r.status),
      ['sent', 'sent'],
    );
    assert.equal(sunk().length - before, 2);
    const third = await call(t.app, 'GET', `/v2/users/${ids[2]}`, company.headers);
    assert.equal(third.body.contact.smsCount ?? 0, 0);

    const again = await call(t.app, 'POST', '/v2/sms', company.headers, { userIds: [ids[2]], text: 'Hello' });
    assert.equal(again.status, 429, JSON.stringify(again.body));
    assert.equal(sunk().length - before, 2);

    // another company has its own count
    const other = await signup(t.app, 'Limit other');
    const theirs = await newUser(t.app, other, { mobile: '+49 171 4444444' });
    const res2 = await call(t.app, 'POST', '/v2/sms', other.headers, { userIds: [theirs], text: 'Hi' });
    assert.deepEqual(res2.body.results, [{ userId: theirs, status: 'sent' }]);
  });

  test('an employee gets 403; another company’s user is 400 like any reference; bad bodies 400', async () => {
    const company = await signup(t.app, 'Refused');
    const groups = await groupIdsOf(t.app, company.headers);
    const employee = await createUser(t.app, company.headers, groups.employee, { contact: { mobile: '0171 5555' } });
    const before = sunk().length;
    const forbidden = await call(t.app, 'POST', '/v2/sms', employee.headers, {
      userIds: [employee.userId],
      text: 'Hi',
    });
    assert.equal(forbidden.status, 403, JSON.stringify(forbidden.body));

    const other = await signup(t.app, 'Refused other');
    const foreign = await newUser(t.app, other, { mobile: '0171 6666' });
    const refused = await call(t.app, 'POST', '/v2/sms', company.headers, {
      userIds: [employee.userId, foreign],
      text: 'Hi',
    });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.deepEqual(refused.body.errors, [{ path: 'userIds', message: `no such user: ${foreign}` }]);

    for (const body of [
      { userIds: [], text: 'Hi' },
      { userIds: [employee.userId], text: '' },
      { userIds: [employee.userId], text: 'x'.repeat(481) },
      { userIds: ['not-an-id'], text: 'Hi' },
      { userIds: [employee.userId, employee.userId], text: 'Hi' },
      { userIds: Array.from({ length: 51 }, (_, i) => i.toString(16).padStart(24, '0')), text: 'Hi' },
    ]) {
      const res = await call(t.app, 'POST', '/v2/sms', company.headers, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
    }
    assert.equal(sunk().length, before, 'nothing was sent');
    const user = await call(t.app, 'GET', `/v2/users/${foreign}`, other.headers);
    assert.equal(user.body.contact.smsCount ?? 0, 0);
  });
});

describe('POST /v2/sms with an HTTP provider', () => {
  let server: Server;
  let app: TestApp;
  const received: unknown[] = [];

  before(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(500, { 'content-type': 'text/plain' }).end('down');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    app = await createTestApp({ SMS_HTTP_URL: `http://127.0.0.1:${port}/sms`, SMS_UNVERIFIED: 'allow' });
  });
  after(async () => {
    await app?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  test('a provider answering 500 gives failed, recorded as lastSMSStatus', async () => {
    const company = await signup(app.app, 'Provider');
    const id = await newUser(app.app, company, { mobile: '0171-777 888' });
    const res = await call(app.app, 'POST', '/v2/sms', company.headers, { userIds: [id], text: 'Are you there?' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.results, [{ userId: id, status: 'failed' }]);
    assert.deepEqual(received, [{ to: '0171777888', text: 'Are you there?' }]);
    const user = await call(app.app, 'GET', `/v2/users/${id}`, company.headers);
    assert.equal(user.body.contact.smsCount, 1);
    assert.equal(user.body.contact.lastSMSStatus, 'failed');
  });
});
