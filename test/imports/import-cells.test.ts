// Cells the database could not store are the row's problem, named by row and field in the report:
// a NUL byte, a number beyond what a double holds (1e400), a whole number beyond 2^53 (the record
// number), an over-long text. Never "the import stopped on an unexpected error".
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let company: Tenant;

before(async () => {
  t = await createTestApp();
  company = await signup(t.app, 'Cells');
});
after(async () => {
  await t?.close();
});

test('NUL bytes, out-of-range numbers and over-long texts: 422 entries with row and field, nothing written', async () => {
  const csv = [
    'number,name,address.city',
    '1,Gut GmbH,Berlin',
    '2,Null\u0000Byte GmbH,Berlin',
    '1e400,Riesig GmbH,Berlin',
    '99999999999999999999,Zu groß GmbH,Berlin',
    `5,${'x'.repeat(5000)},Berlin`,
    '6,Stadt GmbH,Ber\u0000lin',
  ].join('\n');
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/imports/customers',
    headers: { ...company.headers, 'content-type': 'text/csv' },
    payload: csv,
  });
  assert.equal(response.statusCode, 422, response.body);
  const errors = response.json().errors as Array<{ path: string; message: string }>;
  const byRow = (path: string) => errors.filter((e) => e.path === path).map((e) => e.message);
  assert.deepEqual(byRow('row 3: name'), ['contains a NUL character (byte 0), which cannot be stored']);
  assert.deepEqual(byRow('row 4: number'), ['"1e400" is out of range']);
  assert.match(byRow('row 5: number')[0]!, /^"99999999999999999999" is out of range/);
  assert.match(byRow('row 6: name')[0]!, /more than 300 characters/);
  assert.deepEqual(byRow('row 7: address.city'), ['contains a NUL character (byte 0), which cannot be stored']);
  assert.ok(!errors.some((e) => e.path.includes('(import)')), JSON.stringify(errors));
  const customers = await call(t.app, 'GET', '/v2/customers/', company.headers);
  assert.deepEqual(customers.body, []);
});

test("a whole-number field beyond 2^53 and a price of 1e400 are the cell's problem too", async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/imports/articles?dryRun=true',
    headers: { ...company.headers, 'content-type': 'text/csv' },
    payload: 'number,name,price\n9007199254740993,A,1\n7,B,1e400\n8,C,"1,5"',
  });
  assert.equal(response.statusCode, 200, response.body);
  const report = response.json();
  assert.equal(report.state, 'failed');
  assert.deepEqual(
    report.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
    [
      [2, 'number'],
      [3, 'price'],
    ],
  );
  assert.equal(report.created, 1, 'the good row was checked');
});
