// Nobody takes over a stronger account: every route that writes users, with every access group and
// key scope, against an administrator and an employee (a fresh target for every cell).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSWORD, createKey, createUser, login, setUpPrincipals, type Principals } from '../helpers/principals.js';
import { assertProblem } from '../helpers/http-assertions.js';

let t: TestApp;
let p: Principals;

before(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '10000' }); // every cell logs a fresh user in
  p = await setUpPrincipals(t.app, 'Takeover');
});
after(() => t.close());

type Caller = 'admin' | 'objectmanager' | 'employee' | 'readKey' | 'writeKey' | 'adminKey';
type Target = 'admin' | 'employee';
type Change = 'password' | 'email' | 'mobile' | 'loginId' | 'group' | 'firstName' | 'delete';

const callerHeaders = (caller: Caller) =>
  ({
    admin: p.users.admin.headers,
    objectmanager: p.users.objectmanager.headers,
    employee: p.users.employee.headers,
    readKey: p.keys.read.headers,
    writeKey: p.keys.write.headers,
    adminKey: p.keys.admin.headers,
  })[caller];

const unique = () => Math.random().toString(36).slice(2, 10);

/** A user without a password (no log-in needed for this cell). */
async function createTarget(accessGroupId: string) {
  const username = `target-${unique()}`;
  const res = await call(t.app, 'POST', '/v2/users/', p.company.headers, { id: username, accessGroupId });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return { userId: res.body._id as string, username };
}
const changes: Record<Change, (target: Target) => { method: 'PATCH' | 'DELETE'; body?: unknown }> = {
  password: () => ({ method: 'PATCH', body: { password: 'a-new-password-123' } }),
  email: () => ({ method: 'PATCH', body: { access: { email: `taken-${unique()}@example.com` } } }),
  mobile: () => ({ method: 'PATCH', body: { contact: { mobile: `+49151${Math.floor(Math.random() * 1e8)}` } } }),
  loginId: () => ({ method: 'PATCH', body: { id: `renamed-${unique()}` } }),
  // an administrator is demoted, an employee promoted
  group: (target) => ({
    method: 'PATCH',
    body: { accessGroupId: target === 'admin' ? p.groupIds.employee : p.groupIds.admin },
  }),
  firstName: () => ({ method: 'PATCH', body: { general: { firstName: 'Renamed' } } }),
  delete: () => ({ method: 'DELETE' }),
};

// Expected status per caller, target and change. Groups: users write is admin-only by default.
// Keys: never set passwords; a write key holds no admin area, so it holds fewer rights than an
// administrator but every right of an employee; only accessGroups writers assign groups.
const OK = 200;
const EXPECTED: Record<Caller, Record<Target, Record<Change, number>>> = {
  admin: {
    admin: { password: OK, email: OK, mobile: OK, loginId: OK, group: OK, firstName: OK, delete: OK },
    employee: { password: OK, email: OK, mobile: OK, loginId: OK, group: OK, firstName: OK, delete: OK },
  },
  objectmanager: {
    admin: { password: 403, email: 403, mobile: 403, loginId: 403, group: 403, firstName: 403, delete: 403 },
    employee: { password: 403, email: 403, mobile: 403, loginId: 403, group: 403, firstName: 403, delete: 403 },
  },
  employee: {
    admin: { password: 403, email: 403, mobile: 403, loginId: 403, group: 403, firstName: 403, delete: 403 },
    employee: { password: 403, email: 403, mobile: 403, loginId: 403, group: 403, firstName: 403, delete: 403 },
  },
  readKey: {
    admin: { password: 403, email: 403, mobile: 403, loginId: 403, group: 403, firstName: 403, delete: 403 },
    employee: { password: 403, email: 403, mobile: 403, loginId: 403, group: 403, firstName: 403, delete: 403 },
  },
  writeKey: {
    admin: { password: 403, email: 403, mobile: 403, loginId: 403, group: 403, firstName: OK, delete: 403 },
    employee: { password: 403, email: OK, mobile: OK, loginId: OK, group: 403, firstName: OK, delete: OK },
  },
  adminKey: {
    admin: { password: 403, email: OK, mobile: OK, loginId: OK, group: OK, firstName: OK, delete: OK },
    employee: { password: 403, email: OK, mobile: OK, loginId: OK, group: OK, firstName: OK, delete: OK },
  },
};

describe('writes to users, per caller, target and change', () => {
  for (const [caller, targets] of Object.entries(EXPECTED) as Array<[Caller, Record<Target, Record<Change, number>>]>) {
    test(`as ${caller}`, async () => {
      for (const [target, byChange] of Object.entries(targets) as Array<[Target, Record<Change, number>]>) {
        for (const [change, expected] of Object.entries(byChange) as Array<[Change, number]>) {
          // Only the password cells need a log-in of their own (argon2 is most of this file's time).
          const victim =
            change === 'password'
              ? await createUser(t.app, p.company.headers, p.groupIds[target])
              : await createTarget(p.groupIds[target]);
          const { method, body } = changes[change](target);
          const res = await call(t.app, method, `/v2/users/${victim.userId}`, callerHeaders(caller), body);
          assert.equal(
            res.status,
            expected,
            `${caller} ${change} of ${target}: ${res.status} ${JSON.stringify(res.body)}`,
          );
          if (expected !== OK) assert.equal(res.body.status, expected, 'problem+json');
          const after = await call(t.app, 'GET', `/v2/users/${victim.userId}`, p.company.headers);
          if (change === 'delete')
            assert.equal(after.status, expected === OK ? 404 : 200, `${caller} delete of ${target}`);
          if (change === 'password') {
            assert.equal(
              (await login(t.app, victim.username, 'a-new-password-123')).status,
              expected === OK ? 200 : 401,
            );
            assert.equal((await login(t.app, victim.username, PASSWORD)).status, expected === OK ? 401 : 200);
          }
        }
      }
    });
  }
});

describe('creating users', () => {
  test('a key cannot give a new user a password; a write key cannot create an administrator', async () => {
    assertProblem(
      await call(t.app, 'POST', '/v2/users/', p.keys.write.headers, { id: `k-${unique()}`, password: PASSWORD }),
      403,
    );
    assertProblem(
      await call(t.app, 'POST', '/v2/users/', p.keys.admin.headers, { id: `k-${unique()}`, password: PASSWORD }),
      403,
    );
    assertProblem(
      await call(t.app, 'POST', '/v2/users/', p.keys.write.headers, {
        id: `k-${unique()}`,
        accessGroupId: p.groupIds.admin,
      }),
      403,
    );
    assert.equal((await call(t.app, 'POST', '/v2/users/', p.keys.write.headers, { id: `k-${unique()}` })).status, 201);
  });

  test("the takeover of the report fails end to end: a write key cannot set the admin's password and log in", async () => {
    const admin = await createUser(t.app, p.company.headers, p.groupIds.admin);
    assertProblem(
      await call(t.app, 'PATCH', `/v2/users/${admin.userId}`, p.keys.write.headers, {
        password: 'attacker-password-1',
      }),
      403,
    );
    assert.equal((await login(t.app, admin.username, 'attacker-password-1')).status, 401);
    assertProblem(
      await call(t.app, 'PATCH', `/v2/users/${admin.userId}`, p.keys.write.headers, {
        access: { email: 'attacker@example.com' },
      }),
      403,
    );
    assertProblem(await call(t.app, 'DELETE', `/v2/users/${admin.userId}`, p.keys.write.headers), 403);
  });
});

describe('the user themselves', () => {
  test('changes their password only with the current one, but may change their own e-mail', async () => {
    const admin = await createUser(t.app, p.company.headers, p.groupIds.admin);
    const res = await call(t.app, 'PATCH', `/v2/users/${admin.userId}`, admin.headers, {
      password: 'another-password-1',
    });
    assertProblem(res, 403);
    assert.match(res.body.detail, /change-password/);
    assert.equal(
      (
        await call(t.app, 'PATCH', `/v2/users/${admin.userId}`, admin.headers, {
          access: { email: `me-${unique()}@example.com` },
        })
      ).status,
      200,
    );
  });
});

describe('the last administrator', () => {
  test('cannot be deleted or demoted, by themselves or an admin key; once another exists, they can', async () => {
    const { app } = t;
    const solo = await (await import('../helpers/test-app.js')).signup(app, 'Solo');
    const soloKey = await createKey(app, solo.headers, 'admin');
    const groups = (await call(app, 'GET', '/v2/accessGroups/', solo.headers)).body as Array<{
      _id: string;
      name: string;
    }>;
    const adminGroup = groups.find((g) => g.name === 'admin')!._id;
    const employeeGroup = groups.find((g) => g.name === 'employee')!._id;
    assertProblem(await call(app, 'DELETE', `/v2/users/${solo.userId}`, solo.headers), 409);
    assertProblem(await call(app, 'DELETE', `/v2/users/${solo.userId}`, soloKey.headers), 409);
    assertProblem(
      await call(app, 'PATCH', `/v2/users/${solo.userId}`, solo.headers, { accessGroupId: employeeGroup }),
      409,
    );
    assertProblem(
      await call(app, 'PATCH', `/v2/accessGroups/${adminGroup}`, solo.headers, {
        permissions: { '*': { read: 'all', write: 'none' } },
      }),
      409,
    );
    const second = await createUser(app, solo.headers, adminGroup);
    assert.equal(
      (await call(app, 'PATCH', `/v2/users/${solo.userId}`, second.headers, { accessGroupId: employeeGroup })).status,
      200,
    );
    assertProblem(await call(app, 'DELETE', `/v2/users/${second.userId}`, second.headers), 409);
  });
});

describe('access groups', () => {
  test('name only known areas, and never grant more than their writer holds', async () => {
    const unknown = await call(t.app, 'POST', '/v2/accessGroups/', p.company.headers, {
      name: 'typo',
      permissions: { costumers: { read: 'all' } },
    });
    assertProblem(unknown, 400);
    // A user manager who may not invoice cannot make a group (or a user) that may.
    const group = await call(t.app, 'POST', '/v2/accessGroups/', p.company.headers, {
      name: 'user managers',
      permissions: { users: { read: 'all', write: 'all' }, accessGroups: { read: 'all', write: 'all' } },
    });
    assert.equal(group.status, 201);
    const manager = await createUser(t.app, p.company.headers, group.body._id);
    assertProblem(
      await call(t.app, 'POST', '/v2/accessGroups/', manager.headers, {
        name: 'more',
        permissions: { invoicing: { read: 'all', write: 'all' } },
      }),
      403,
    );
    assertProblem(
      await call(t.app, 'POST', '/v2/users/', manager.headers, {
        id: `m-${unique()}`,
        accessGroupId: p.groupIds.objectmanager,
      }),
      403,
    );
    assert.equal(
      (
        await call(t.app, 'POST', '/v2/users/', manager.headers, {
          id: `m-${unique()}`,
          accessGroupId: p.groupIds.employee,
        })
      ).status,
      403,
      'an employee may read objects, which the manager may not',
    );
    const peer = await call(t.app, 'POST', '/v2/users/', manager.headers, {
      id: `m-${unique()}`,
      accessGroupId: group.body._id,
    });
    assert.equal(peer.status, 201, JSON.stringify(peer.body));
  });

  test('suppliers, service products and invoicing settings have areas of their own', async () => {
    const employee = p.users.employee.headers;
    assert.equal((await call(t.app, 'GET', '/v2/articles/', employee)).status, 200);
    assertProblem(await call(t.app, 'GET', '/v2/suppliers/', employee), 403);
    assertProblem(await call(t.app, 'GET', '/v2/serviceProducts/', employee), 403);
    for (const headers of [p.users.objectmanager.headers, p.keys.read.headers, p.keys.write.headers]) {
      assertProblem(await call(t.app, 'GET', '/v2/company/invoicingSettings', headers), 403);
    }
    assert.equal((await call(t.app, 'GET', '/v2/company/invoicingSettings', p.keys.admin.headers)).status, 200);
  });
});
