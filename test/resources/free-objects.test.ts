// Free-form objects of the spec (a contract's dailyWorkingHours, a customer's contract) come back
// with their keys: the response serializer must not reduce them to {}.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signup>>;
before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Free GmbH');
});
after(() => t.close());

test('free objects keep their keys in responses, in a single read and in lists', async () => {
  const user = await call(t.app, 'POST', '/v2/users/', admin.headers, {
    general: { firstName: 'Ole' },
    contract: { salary: 15, dailyWorkingHours: { mo: 8, tu: 6.5 } },
  });
  const customer = await call(t.app, 'POST', '/v2/customers/', admin.headers, {
    name: 'Vertrag AG',
    contract: { term: '12 months', noticeDays: 30 },
  });
  assert.deepEqual(
    (await call(t.app, 'GET', `/v2/users/${user.body._id}`, admin.headers)).body.contract.dailyWorkingHours,
    { mo: 8, tu: 6.5 },
  );
  assert.deepEqual((await call(t.app, 'GET', `/v2/customers/${customer.body._id}`, admin.headers)).body.contract, {
    term: '12 months',
    noticeDays: 30,
  });
  const listed = (await call(t.app, 'GET', '/v2/customers/', admin.headers)).body.find(
    (c: Json) => c._id === customer.body._id,
  );
  assert.deepEqual(listed.contract, { term: '12 months', noticeDays: 30 });
});
