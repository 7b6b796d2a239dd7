// Enum and format errors name what is allowed, once per field: a client (or a person reading the
// problem) learns the allowed values or the expected format from one errors[] entry.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileValidator } from '../../src/platform/http/validation.js';
import { createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Validation');
});
after(() => t.close());

type Problem = { detail: string; errors: Array<{ path: string; message: string }> };

async function problemOf(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<Problem> {
  const response = await t.app.inject({ method, url, headers: a.headers, ...(payload ? { payload } : {}) });
  assert.equal(response.statusCode, 400, response.body);
  return response.json();
}

const HOOK = { type: 'CREATE', entity: 'customer', url: 'https://93.184.216.34/hook' };

describe('enum errors', () => {
  test('a webhook type outside the enum is one entry naming every allowed value', async () => {
    const problem = await problemOf('POST', '/v2/integrations/webhooks/', { ...HOOK, type: 'BOGUS' });
    assert.equal(problem.errors.length, 1, JSON.stringify(problem.errors));
    const [entry] = problem.errors;
    assert.equal(entry!.path, 'type');
    for (const value of ['CREATE', 'UPDATE', 'DELETE', 'ABSENCE_APPROVED', 'ABSENCE_CANCELED'])
      assert.match(entry!.message, new RegExp(`\\b${value}\\b`));
    assert.match(entry!.message, /^must be one of: /);
    assert.equal(problem.detail, `type: ${entry!.message}`);
  });

  test('two wrong enum fields are two entries, and a PATCH says the same', async () => {
    const both = await problemOf('POST', '/v2/integrations/webhooks/', { ...HOOK, type: 'BOGUS', entity: 'planet' });
    assert.deepEqual(
      both.errors.map((e) => e.path),
      ['type', 'entity'],
    );
    assert.match(both.errors[1]!.message, /^must be one of: .*\bcustomer\b.*\binvoice\b/);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/integrations/webhooks/',
      headers: a.headers,
      payload: HOOK,
    });
    assert.equal(created.statusCode, 201, created.body);
    const patch = await problemOf('PATCH', `/v2/integrations/webhooks/${created.json()._id}`, { type: 'BOGUS' });
    assert.equal(patch.errors.length, 1, JSON.stringify(patch.errors));
    assert.match(patch.errors[0]!.message, /^must be one of: .*\bCREATE\b/);
  });
});

describe('format errors', () => {
  test('a date pattern is said as its format with an example, not as a regex', async () => {
    const problem = await problemOf('POST', '/v2/assignments/', {
      objectId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      title: 'x',
      iCalendar: { tzid: 'Europe/Berlin', rrule: 'FREQ=DAILY', dtstart: '2026-11-02 06:00', dtend: '06:00' },
    });
    const dtstart = problem.errors.filter((e) => e.path === 'iCalendar.dtstart');
    assert.equal(dtstart.length, 1, JSON.stringify(problem.errors));
    assert.match(dtstart[0]!.message, /YYYY-MM-DDTHH:mm.*e\.g\. 2026-11-02T06:00/);
    assert.doesNotMatch(JSON.stringify(problem), /\\\\d|\^|\$"/, 'no regex in the problem');
  });

  test('a format inside an optional (nullable) object is one entry at the field, without "must be null"', async () => {
    const problem = await problemOf('POST', '/v2/customers/', { name: 'x', contact: { email: 'nope' } });
    assert.deepEqual(problem.errors, [
      { path: 'contact.email', message: 'must be an e-mail address, e.g. anna@example.com' },
    ]);
  });

  test('query parameters keep their part as the path prefix', async () => {
    const problem = await problemOf('GET', '/v2/customers/?limit=abc');
    assert.deepEqual(problem.errors, [{ path: 'querystring.limit', message: 'must be integer' }]);
  });
});

describe('the engine validator (merged PATCH results)', () => {
  test('anyOf of constants and null, enum, pattern and format: one entry each, in words', () => {
    const validate = compileValidator({
      type: 'object',
      additionalProperties: false,
      properties: {
        kind: { anyOf: [{ const: 'a' }, { const: 'b' }, { type: 'null' }] },
        color: { type: 'string', enum: ['red', 'green'] },
        day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        at: { type: 'string', format: 'date-time' },
        id: { type: 'string', pattern: '^[0-9a-f]{24}$' },
      },
    });
    assert.deepEqual(validate({ kind: 'c', color: 'blue', day: '1.1.2026', at: 'noon', id: 'x', extra: 1 }), [
      { path: 'extra', message: 'is not a known field' },
      { path: 'kind', message: 'must be one of: a, b, null' },
      { path: 'color', message: 'must be one of: red, green' },
      { path: 'day', message: 'must be a date YYYY-MM-DD, e.g. 2026-11-30' },
      { path: 'at', message: 'must be a date-time with an offset, e.g. 2026-11-02T05:00:00Z' },
      { path: 'id', message: 'must be an id of 24 hexadecimal characters (ObjectId)' },
    ]);
    assert.deepEqual(validate({ kind: null, color: 'red' }), []);
  });
});
