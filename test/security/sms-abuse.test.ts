// SMS and sign-up abuse (docs/security.md): company-triggered SMS go only to verified numbers (a code
// sent to the number and entered back; a changed number is unverified again) unless the operator
// allowed otherwise; a company's daily allowance and each number's hourly limit (log-in codes
// included) refuse with 429 and Retry-After; sign-up is closed, by invitation, or open with a
// solved challenge and an hourly cap per IP. SMS go to the test app's file sink.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeInvitation } from '../../src/modules/company/index.js';
import { leadingZeroBits, solveChallenge } from '../../src/modules/company/signup-proofs.js';
import { setSmsOperatorSettings } from '../../src/modules/sms/index.js';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const sunk = (t: TestApp): Array<{ to: string; text: string }> => {
  try {
    return readFileSync(join(t.dataDir, 'sms.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
};
const lastCodeTo = (t: TestApp, number: string) =>
  sunk(t)
    .filter((m) => m.to === number)
    .at(-1)
    ?.text.match(/\d{6}/)?.[0];

let serial = 0;
const freshNumber = () => `+4917${String(10_000_000 + Math.floor(Math.random() * 80_000_000) + serial++)}`;

describe('SMS only to verified numbers, within the allowance and the per-number limit', () => {
  let t: TestApp;
  let company: Tenant;
  let employeeGroup: string;
  before(async () => {
    t = await createTestApp({ SMS_PER_NUMBER_PER_HOUR: '3', SMS_DAILY_LIMIT_PER_COMPANY: '20' });
    company = await signup(t.app, 'Sms abuse');
    employeeGroup = (await groupIdsOf(t.app, company.headers)).employee!;
  });
  after(() => t?.close());

  const newEmployee = (number: string) =>
    createUser(t.app, company.headers, employeeGroup, { contact: { mobile: number } });
  const send = (userIds: string[], headers = company.headers) =>
    call(t.app, 'POST', '/v2/sms', headers, { userIds, text: 'Shift change' });
  const verify = (userId: string, headers = company.headers) =>
    call(t.app, 'POST', `/v2/users/${userId}/mobile/verify`, headers, {});
  const confirm = (userId: string, code: string, headers = company.headers) =>
    call(t.app, 'POST', `/v2/users/${userId}/mobile/confirm`, headers, { code });

  test('an unverified number is refused (409, nothing sent); verified, it gets the message', async () => {
    const number = freshNumber();
    const employee = await newEmployee(number);
    const refused = await send([employee.userId]);
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.match(refused.body.detail, new RegExp(`users ${employee.userId} are not verified`));
    assert.equal(sunk(t).filter((m) => m.to === number).length, 0);

    const sent = await verify(employee.userId);
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    assert.deepEqual(sent.body, { sent: true, expiresIn: 600 });
    const code = lastCodeTo(t, number)!;
    const wrong = code === '000000' ? '000001' : '000000';
    assert.equal((await confirm(employee.userId, wrong)).status, 400);
    const confirmed = await confirm(employee.userId, code);
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    assert.equal(confirmed.body.number, number);
    assert.equal((await confirm(employee.userId, code)).status, 400, 'a code serves once');
    assert.equal((await verify(employee.userId)).status, 409, 'already verified');

    const accepted = await send([employee.userId]);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.deepEqual(accepted.body.results, [{ userId: employee.userId, status: 'sent' }]);
    assert.equal(sunk(t).filter((m) => m.to === number && m.text === 'Shift change').length, 1);
  });

  test('a changed number loses its verification; a code sent to the former number does not verify the new one', async () => {
    const employee = await newEmployee(freshNumber());
    assert.equal((await verify(employee.userId)).status, 202);
    const oldNumber = sunk(t).at(-1)!.to;
    assert.equal((await confirm(employee.userId, lastCodeTo(t, oldNumber)!)).status, 200);
    assert.equal((await send([employee.userId])).status, 200);

    assert.equal((await verify(employee.userId)).status, 409);
    const changed = await call(t.app, 'PATCH', `/v2/users/${employee.userId}`, company.headers, {
      contact: { mobile: freshNumber() },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal((await send([employee.userId])).status, 409);

    // a pending code for the former number proves nothing about the new one
    const other = await newEmployee(freshNumber());
    assert.equal((await verify(other.userId)).status, 202);
    const pending = lastCodeTo(t, sunk(t).at(-1)!.to)!;
    await call(t.app, 'PATCH', `/v2/users/${other.userId}`, company.headers, { contact: { mobile: freshNumber() } });
    assert.equal((await confirm(other.userId, pending)).status, 400);
  });

  test('a user verifies their own number; another employee may not', async () => {
    const number = freshNumber();
    const employee = await newEmployee(number);
    const colleague = await newEmployee(freshNumber());
    assert.equal((await verify(employee.userId, colleague.headers)).status, 403);
    assert.equal((await verify(employee.userId, employee.headers)).status, 202);
    assert.equal((await confirm(employee.userId, lastCodeTo(t, number)!, colleague.headers)).status, 403);
    assert.equal((await confirm(employee.userId, lastCodeTo(t, number)!, employee.headers)).status, 200);
  });

  test('five wrong codes use up the tries: the right one is refused after', async () => {
    const number = freshNumber();
    const employee = await newEmployee(number);
    assert.equal((await verify(employee.userId)).status, 202);
    const code = lastCodeTo(t, number)!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) assert.equal((await confirm(employee.userId, wrong)).status, 400);
    assert.equal((await confirm(employee.userId, code)).status, 400);
  });

  test('per number: the 4th SMS within the hour is 429 with Retry-After, log-in codes included', async () => {
    const number = freshNumber();
    const employee = await newEmployee(number);
    assert.equal((await verify(employee.userId)).status, 202); // 1
    assert.equal((await confirm(employee.userId, lastCodeTo(t, number)!)).status, 200);
    assert.equal((await send([employee.userId])).status, 200); // 2
    const login = await call(t.app, 'POST', '/v2/auth/requestAuthCode', {}, { telephone: number }); // 3
    assert.equal(login.status, 202);
    const before = sunk(t).length;
    const refused = await send([employee.userId]);
    assert.equal(refused.status, 429, JSON.stringify(refused.body));
    assert.match(refused.body.detail, /At most 3 SMS per hour go to one number/);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter > 3000 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    const loginRefused = await call(t.app, 'POST', '/v2/auth/requestAuthCode', {}, { telephone: number });
    assert.equal(loginRefused.status, 429);
    assert.equal(sunk(t).length, before, 'nothing sent');

    // all or nothing: a request with one exhausted number sends to no one, and costs no allowance
    const fresh = await newEmployee(freshNumber());
    await setSmsOperatorSettings(t.database, company.companyId, { allowUnverified: true });
    try {
      assert.equal((await send([fresh.userId, employee.userId])).status, 429);
      assert.equal(sunk(t).length, before);
    } finally {
      await setSmsOperatorSettings(t.database, company.companyId, { allowUnverified: false });
    }
  });

  test("the operator's per-company allowance and unverified flag (the command line's settings)", async () => {
    const small = await signup(t.app, 'Small allowance');
    const groups = await groupIdsOf(t.app, small.headers);
    const a = await createUser(t.app, small.headers, groups.employee!, { contact: { mobile: freshNumber() } });
    const b = await createUser(t.app, small.headers, groups.employee!, { contact: { mobile: freshNumber() } });
    const sendTo = (ids: string[]) => call(t.app, 'POST', '/v2/sms', small.headers, { userIds: ids, text: 'Hi' });
    assert.equal((await sendTo([a.userId])).status, 409, 'unverified');

    await setSmsOperatorSettings(t.database, small.companyId, { allowUnverified: true, perDay: 1 });
    assert.equal((await sendTo([a.userId])).status, 200);
    const exhausted = await sendTo([b.userId]);
    assert.equal(exhausted.status, 429, JSON.stringify(exhausted.body));
    assert.match(exhausted.body.detail, /allowance \(1 per UTC day\)/);
    assert.ok(Number(exhausted.headers['retry-after']) >= 1);
    // the verification code costs the allowance too
    assert.equal((await call(t.app, 'POST', `/v2/users/${b.userId}/mobile/verify`, small.headers, {})).status, 429);

    await setSmsOperatorSettings(t.database, small.companyId, { perDay: 3 });
    assert.equal((await sendTo([b.userId])).status, 200);
    // the other company keeps the server's default
    assert.equal((await send([(await newEmployee(freshNumber())).userId])).status, 409);
  });
});

describe('sign-up modes', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    companyName: 'Acme',
    username: `admin-${Math.random().toString(36).slice(2)}`,
    password: 'a-long-password',
    ...extra,
  });

  test('closed: 403, and no challenges', async () => {
    const t = await createTestApp({ SIGNUP: 'closed' });
    try {
      const res = await call(t.app, 'POST', '/v2/company/signup', {}, body());
      assert.equal(res.status, 403);
      assert.match(res.body.detail, /closed/);
      assert.equal((await call(t.app, 'GET', '/v2/company/signup/challenge', {})).status, 403);
    } finally {
      await t.close();
    }
  });

  test('invite (the default): only with an invitation code the operator made, each once', async () => {
    const t = await createTestApp({ SIGNUP: '' });
    try {
      assert.equal(t.config.signup, 'invite');
      const without = await call(t.app, 'POST', '/v2/company/signup', {}, body());
      assert.equal(without.status, 403);
      assert.match(without.body.detail, /invitation code/);
      const forged = await call(t.app, 'POST', '/v2/company/signup', {}, body({ invitation: 'inv1.9999999999.x.y' }));
      assert.equal(forged.status, 403);
      const otherServer = makeInvitation({ ...t.config, jwtSecret: new TextEncoder().encode('another-secret') }, 7);
      assert.equal(
        (await call(t.app, 'POST', '/v2/company/signup', {}, body({ invitation: otherServer }))).status,
        403,
      );

      const invitation = makeInvitation(t.config, 7);
      const created = await call(t.app, 'POST', '/v2/company/signup', {}, body({ invitation }));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const again = await call(t.app, 'POST', '/v2/company/signup', {}, body({ invitation }));
      assert.equal(again.status, 409);
      assert.match(again.body.detail, /already used/);
    } finally {
      await t.close();
    }
  });

  describe('open: a solved challenge, and an hourly cap per IP', () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ SIGNUP: 'open', SIGNUP_PROOF_BITS: '8', SIGNUP_PER_IP_PER_HOUR: '5' });
    });
    after(() => t?.close());
    const challenge = async () => {
      const res = await call(t.app, 'GET', '/v2/company/signup/challenge', {});
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.difficulty, 8);
      assert.equal(res.body.expiresIn, 600);
      return res.body.nonce as string;
    };

    test('without, with a forged or a wrong proof 403; solved 201, once; then the per-IP cap is 429', async () => {
      const signUp = (extra: Record<string, unknown>) => call(t.app, 'POST', '/v2/company/signup', {}, body(extra));
      const without = await signUp({}); // attempt 1
      assert.equal(without.status, 403);
      assert.match(without.body.detail, /proof of work/);

      const nonce = await challenge();
      const solution = solveChallenge(nonce, 8);
      const forgedNonce = nonce.replace(/\.[^.]+$/, '.AAAA');
      const forged = await signUp({ proof: { nonce: forgedNonce, solution: solveChallenge(forgedNonce, 8) } }); // 2
      assert.equal(forged.status, 403);
      assert.match(forged.body.detail, /not one this server issued/);
      let wrong = 0;
      while (leadingZeroBits(createHash('sha256').update(`${nonce}${wrong}`).digest()) >= 8) wrong++;
      const unsolved = await signUp({ proof: { nonce, solution: String(wrong) } }); // attempt 3
      assert.equal(unsolved.status, 403, JSON.stringify(unsolved.body));
      assert.match(unsolved.body.detail, /does not solve/);

      const created = await signUp({ proof: { nonce, solution } }); // attempt 4
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const reused = await signUp({ proof: { nonce, solution } }); // attempt 5
      assert.equal(reused.status, 409);

      const next = await challenge();
      const capped = await signUp({ proof: { nonce: next, solution: solveChallenge(next, 8) } }); // attempt 6
      assert.equal(capped.status, 429, JSON.stringify(capped.body));
      assert.match(capped.body.detail, /At most 5 sign-ups per hour/);
      assert.ok(Number(capped.headers['retry-after']) > 3000);
    });
  });
});
