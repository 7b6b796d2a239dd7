// Locks hold under parallel requests: a try is counted before its secret is checked, in one statement.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authService } from '../../src/modules/auth/auth-service.js';
import { verifyPassword } from '../../src/modules/auth/passwords.js';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { PASSWORD, createUser, groupIdsOf } from '../helpers/principals.js';

let t: TestApp;
let company: Tenant;
let employeeGroup: string;

before(async () => {
  t = await createTestApp({
    LOGIN_MAX_TRIES: '5',
    AUTH_RATE_LIMIT_PER_USERNAME: '1000',
    AUTH_RATE_LIMIT_PER_IP: '1000',
  });
  company = await signup(t.app, 'Locks');
  employeeGroup = (await groupIdsOf(t.app, company.headers)).employee;
});
after(() => t.close());

describe('failed log-ins', () => {
  test('with one try left, 16 parallel log-ins check the real password once', async () => {
    const user = await createUser(t.app, company.headers, employeeGroup);
    for (let i = 0; i < 4; i += 1)
      assert.equal(
        (await call(t.app, 'POST', '/v2/auth/login', {}, { username: user.username, password: 'wrong-password' }))
          .status,
        401,
      );
    // Hold every password check until all 16 requests have reached it, so none can finish before another counts its try.
    const parallel = 16;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const checkedHashes: Array<string | null | undefined> = [];
    const auth = authService({
      config: t.config,
      database: t.database,
      sms: { send: async () => {} } as never,
      readUser: async () => ({}),
      verifyPassword: async (hash, password) => {
        checkedHashes.push(hash);
        if (checkedHashes.length === parallel) release();
        await gate;
        return verifyPassword(hash, password);
      },
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: parallel }, () => auth.login(user.username, PASSWORD)),
    );
    assert.equal(checkedHashes.filter(Boolean).length, 1, 'only the one remaining try checks the stored hash');
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
  });

  test('15 wrong passwords in parallel with the right one, after 4 failures: the account ends locked', async () => {
    const user = await createUser(t.app, company.headers, employeeGroup);
    for (let i = 0; i < 4; i += 1)
      await call(t.app, 'POST', '/v2/auth/login', {}, { username: user.username, password: 'wrong-password' });
    const burst = await Promise.all([
      ...Array.from({ length: 15 }, () =>
        call(t.app, 'POST', '/v2/auth/login', {}, { username: user.username, password: 'wrong-password' }),
      ),
      call(t.app, 'POST', '/v2/auth/login', {}, { username: user.username, password: PASSWORD }),
    ]);
    const successes = burst.filter((res) => res.status === 200).length;
    assert.ok(successes <= 1);
    // Either the right one took the last try (and unlocked), or a wrong one did and locked the account.
    const next = await call(t.app, 'POST', '/v2/auth/login', {}, { username: user.username, password: PASSWORD });
    assert.equal(next.status, successes === 1 ? 200 : 401);
  });
});

describe('SMS codes', () => {
  const smsFile = () => join(t.dataDir, 'sms.jsonl');
  const lastCode = (telephone: string) => {
    const lines = readFileSync(smsFile(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; text: string });
    return lines
      .filter((line) => line.to === telephone)
      .at(-1)!
      .text.match(/\d{6}/)![0];
  };

  async function userWithCode() {
    const telephone = `+4915${Math.floor(1e8 + Math.random() * 8e8)}`;
    await createUser(t.app, company.headers, employeeGroup, { contact: { mobile: telephone } });
    assert.equal((await call(t.app, 'POST', '/v2/auth/requestAuthCode', {}, { telephone })).status, 202);
    return { telephone, code: lastCode(telephone) };
  }

  test('12 parallel wrong codes use up the tries: the right code is refused afterwards', async () => {
    const { telephone, code } = await userWithCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => call(t.app, 'POST', '/v2/auth/authUsingSMS', {}, { telephone, code: wrong })),
    );
    assert.ok(burst.every((res) => res.status === 401));
    assert.equal((await call(t.app, 'POST', '/v2/auth/authUsingSMS', {}, { telephone, code })).status, 401);
  });

  test('the right code sent 12 times in parallel logs in once', async () => {
    const { telephone, code } = await userWithCode();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => call(t.app, 'POST', '/v2/auth/authUsingSMS', {}, { telephone, code })),
    );
    assert.equal(burst.filter((res) => res.status === 200).length, 1);
  });
});
