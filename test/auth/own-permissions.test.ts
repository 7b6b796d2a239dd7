// GET /v2/auth/permissions: the caller's rights per area as the routes apply them, so a client (the web
// console) can show only what the caller may use without reading access groups (admins only).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AREAS } from '../../src/platform/http/permissions.js';
import { setUpPrincipals, type Principals } from '../helpers/principals.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let p: Principals;

before(async () => {
  t = await createTestApp();
  p = await setUpPrincipals(t.app, 'Own rights');
});
after(() => t.close());

const rightsOf = async (headers: Record<string, string>) => {
  const res = await call(t.app, 'GET', '/v2/auth/permissions', headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { userId: string; permissions: Record<string, { read: string; write: string }> };
};

describe('GET /v2/auth/permissions', () => {
  test('an administrator: every area, read and write all', async () => {
    const { userId, permissions } = await rightsOf(p.users.admin.headers);
    assert.equal(userId, p.users.admin.userId);
    assert.deepEqual(Object.keys(permissions).sort(), [...AREAS].sort());
    assert.ok(Object.values(permissions).every((r) => r.read === 'all' && r.write === 'all'));
  });

  test("an employee: the employee group's levels, which the routes enforce", async () => {
    const { userId, permissions } = await rightsOf(p.users.employee.headers);
    assert.equal(userId, p.users.employee.userId);
    assert.deepEqual(permissions.jobs, { read: 'own', write: 'none' });
    assert.deepEqual(permissions.timeTracking, { read: 'own', write: 'own' });
    assert.equal(permissions.accessGroups!.read, 'none');
    // What it says is what a route does: no access groups, and not another user's write.
    assert.equal((await call(t.app, 'GET', '/v2/accessGroups/', p.users.employee.headers)).status, 403);
  });

  test('a read-scoped API key: reads as its creator, writes nothing', async () => {
    const { permissions } = await rightsOf(p.keys.read.headers);
    assert.ok(Object.values(permissions).every((r) => r.write === 'none'));
    assert.equal(permissions.customers!.read, 'all');
  });

  test('without credentials: 401', async () => {
    assert.equal((await call(t.app, 'GET', '/v2/auth/permissions', {})).status, 401);
  });
});
