// access.token and access.passwordChangeToken of the spec's User (docs/decisions.md, "Users' secret
// tokens"): Crewbase keeps no such token, so a user's answer never carries them, a body sending them
// is refused naming them (400, as any unknown field), and the OpenAPI document does not offer them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

describe("a user's secret tokens", () => {
  let t: TestApp;
  let admin: Tenant;
  before(async () => {
    t = await createTestApp();
    admin = await signup(t.app, 'Secrets');
  });
  after(() => t.close());

  test('never answered; sent on create or PATCH, refused naming them', async () => {
    const secrets = { token: 'sent-token', passwordChangeToken: 'sent-reset' };
    const body = { id: `secret-${Date.now()}`, general: { firstName: 'Sam', lastName: 'Secret' } };
    const refused = await call(t.app, 'POST', '/v2/users/', admin.headers, { ...body, access: secrets });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.errors.map((e: { path: string }) => e.path).sort(), [
      'access.passwordChangeToken',
      'access.token',
    ]);
    const created = await call(t.app, 'POST', '/v2/users/', admin.headers, body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const patched = await call(t.app, 'PATCH', `/v2/users/${created.body._id}`, admin.headers, { access: secrets });
    assert.equal(patched.status, 400);
    const read = await call(t.app, 'GET', `/v2/users/${created.body._id}`, admin.headers);
    assert.equal(read.status, 200);
    assert.ok(read.body.access, 'the answer has its access object');
    assert.equal('token' in read.body.access, false);
    assert.equal('passwordChangeToken' in read.body.access, false);
  });

  test('the OpenAPI document does not offer them in User.access', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
    const access = document.components.schemas.User.properties.access;
    assert.ok(access.properties.loginTries, 'User.access is described');
    assert.equal(access.properties.token, undefined);
    assert.equal(access.properties.passwordChangeToken, undefined);
  });
});
