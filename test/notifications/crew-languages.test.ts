// Crew-facing server texts in the recipient's language: the catalogues complete (every key in every language,
// the same placeholders), PUT /v2/users/self/language for any signed-in user, pushes (title, body, lang) and
// SMS codes (log-in and number verification) written in the user's general.language, English when unset;
// a push's times in the company's time zone.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pushWorker, type PushWorker } from '../../src/modules/notifications/index.js';
import { webhookDeps, type Resolver } from '../../src/modules/webhooks/index.js';
import { CATALOGUES, LANGUAGES, textOf } from '../../src/platform/texts/texts.js';
import { en } from '../../src/platform/texts/messages/en.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { browserKeys, startPushReceiver } from '../helpers/push-receiver.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server catalogues', () => {
  test('every language has every key, non-empty, with the same placeholders as English', () => {
    assert.deepEqual([...LANGUAGES].sort(), Object.keys(CATALOGUES).sort());
    for (const language of LANGUAGES)
      for (const [key, english] of Object.entries(en)) {
        const text = CATALOGUES[language][key as keyof typeof en];
        assert.ok(text?.trim(), `${language}.${key}`);
        assert.deepEqual(placeholders(text), placeholders(english), `${language}.${key}`);
      }
  });
});

describe('texts in the user language', () => {
  const resolver: Resolver = async (host) => {
    throw new Error(`ENOTFOUND ${host}`);
  };
  let t: TestApp;
  let admin: Tenant;
  let employeeGroup: string;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  let worker: PushWorker;
  before(async () => {
    receiver = await startPushReceiver();
    t = await createTestApp(
      { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_TARGETS: '127.0.0.1' },
      { resolveHost: resolver },
    );
    worker = pushWorker({ database: t.database, config: t.config, ...webhookDeps(t.config, resolver) });
    admin = await signup(t.app, 'Languages');
    employeeGroup = (await groupIdsOf(t.app, admin.headers)).employee!;
  });
  after(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
  });

  const sms = () =>
    readFileSync(join(t.dataDir, 'sms.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string });

  test('an employee sets their own language; an unknown one is refused; another user is not touched', async () => {
    const ela: LoggedIn = await createUser(t.app, admin.headers, employeeGroup);
    const set = await call(t.app, 'PUT', '/v2/users/self/language', ela.headers, { language: 'uk' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body, { language: 'uk' });
    const own = await call(t.app, 'GET', `/v2/users/${ela.userId}`, ela.headers);
    assert.equal(own.body.general.language, 'uk');
    const wrong = await call(t.app, 'PUT', '/v2/users/self/language', ela.headers, { language: 'xx' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.headers['content-type'] as string, /problem\+json/);
    assert.equal((await call(t.app, 'PUT', '/v2/users/self/language', {}, { language: 'de' })).status, 401);
    // Still refused: the rest of their record (users write `none`).
    const patch = await call(t.app, 'PATCH', `/v2/users/${ela.userId}`, ela.headers, { general: { language: 'de' } });
    assert.equal(patch.status, 403);
    const adminSelf = await call(t.app, 'GET', `/v2/users/${admin.userId}`, admin.headers);
    assert.notEqual(adminSelf.body.general?.language, 'uk');
  });

  test('a push is written in the recipient language (title, body with the time in its locale, lang)', async () => {
    const piotr = await createUser(t.app, admin.headers, employeeGroup, { general: { language: 'pl' } });
    const amira = await createUser(t.app, admin.headers, employeeGroup, { general: { language: 'ar' } });
    const nobody = await createUser(t.app, admin.headers, employeeGroup);
    const phones = new Map<string, ReturnType<typeof browserKeys>>();
    for (const [who, path] of [
      [piotr, '/pl'],
      [amira, '/ar'],
      [nobody, '/none'],
    ] as const) {
      const phone = browserKeys();
      phones.set(path, phone);
      const res = await call(t.app, 'POST', '/v2/pushSubscriptions', who.headers, {
        endpoint: `${receiver.origin}${path}`,
        keys: phone.keys,
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const job = await call(t.app, 'POST', '/v2/jobs/', admin.headers, {
        from: '2027-04-12T04:00:00.000Z', // Monday 06:00 in Berlin
        to: '2027-04-12T06:30:00.000Z',
        userId: who.userId,
      });
      assert.equal(job.status, 201);
    }
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
    const message = (path: string) => {
      const hit = receiver.received.find((r) => r.path === path);
      assert.ok(hit, path);
      return JSON.parse(phones.get(path)!.decrypt(hit.body));
    };
    const pl = message('/pl');
    assert.equal(pl.title, 'Masz nowe zlecenie');
    assert.equal(pl.lang, 'pl');
    assert.equal(pl.kind, 'jobAssigned');
    assert.match(pl.body, /^pon\., 12 kwi, 06:00–08:30$/);
    const ar = message('/ar');
    assert.equal(ar.title, 'أُسند إليك عمل جديد');
    assert.equal(ar.lang, 'ar');
    assert.match(ar.body, /أبريل/, `the month in Arabic: ${ar.body}`);
    const none = message('/none');
    assert.equal(none.title, 'A job was assigned to you');
    assert.equal(none.body, 'Mon 12 Apr, 06:00–08:30');
  });

  test("a push's times are in the company's time zone (its time and pay settings), not Berlin's", async () => {
    const istanbul = await signup(t.app, 'Istanbul');
    const tz = await call(t.app, 'PATCH', '/v2/company/timeAndPaySettings', istanbul.headers, {
      timeZone: 'Europe/Istanbul',
    });
    assert.equal(tz.status, 200, JSON.stringify(tz.body));
    const group = (await groupIdsOf(t.app, istanbul.headers)).employee!;
    const emre = await createUser(t.app, istanbul.headers, group, { general: { language: 'tr' } });
    const phone = browserKeys();
    const sub = await call(t.app, 'POST', '/v2/pushSubscriptions', emre.headers, {
      endpoint: `${receiver.origin}/istanbul`,
      keys: phone.keys,
    });
    assert.equal(sub.status, 201, JSON.stringify(sub.body));
    const job = await call(t.app, 'POST', '/v2/jobs/', istanbul.headers, {
      from: '2027-04-12T04:00:00.000Z', // 07:00 in Istanbul (UTC+3), 06:00 in Berlin
      to: '2027-04-12T06:30:00.000Z',
      userId: emre.userId,
    });
    assert.equal(job.status, 201, JSON.stringify(job.body));
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
    const hit = receiver.received.find((r) => r.path === '/istanbul');
    assert.ok(hit);
    const message = JSON.parse(phone.decrypt(hit.body));
    assert.equal(message.lang, 'tr');
    assert.match(message.body, /07:00–09:30$/, message.body);
  });

  test('SMS codes in the user language: the log-in code in Turkish, the verification code in Romanian', async () => {
    const turkish = '+4917100000101';
    const romanian = '+4917100000102';
    await createUser(t.app, admin.headers, employeeGroup, {
      general: { language: 'tr' },
      contact: { mobile: turkish },
    });
    const radu = await createUser(t.app, admin.headers, employeeGroup, {
      general: { language: 'ro-RO' },
      contact: { mobile: romanian },
    });
    assert.equal(
      (await call(t.app, 'POST', '/v2/auth/requestAuthCode', {}, { telephone: turkish })).status < 300,
      true,
    );
    const login = sms()
      .filter((m) => m.to === turkish)
      .at(-1);
    const code = login?.text.match(/\d{6}/)?.[0];
    assert.ok(code, JSON.stringify(login));
    assert.equal(login!.text, textOf('tr', 'smsLoginCode', { code }));
    const verify = await call(t.app, 'POST', `/v2/users/${radu.userId}/mobile/verify`, admin.headers, {});
    assert.equal(verify.status, 202, JSON.stringify(verify.body));
    const check = sms()
      .filter((m) => m.to === romanian)
      .at(-1);
    const verifyCode = check?.text.match(/\d{6}/)?.[0];
    assert.equal(check?.text, textOf('ro', 'smsVerificationCode', { code: verifyCode! }));
  });
});
