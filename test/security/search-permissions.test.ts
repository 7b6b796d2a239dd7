// The search shows nothing a GET refuses: for every kind of caller (each default group's user, each
// API key scope), every result of a broad search is one their GET of its path answers with 200, and
// an admin-only document filed with the employee is not found by them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setUpPrincipals, type Principals } from '../helpers/principals.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let p: Principals;
let hidden: string;

before(async () => {
  t = await createTestApp();
  p = await setUpPrincipals(t.app, 'Search permissions');
  const admin = p.company.headers;
  const object = await call(t.app, 'POST', '/v2/objects/', admin, { name: 'Lindenhof Kita' });
  assert.equal(object.status, 201);
  const boundary = 'search-permissions';
  const field = (key: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/documents/',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: [
      field('userId', p.users.employee.userId),
      field('name', 'Lindenhof Abmahnung'),
      field('accessGroup', 'admin'),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`,
      `--${boundary}--\r\n`,
    ].join(''),
  });
  assert.equal(res.statusCode, 201, res.body);
  hidden = JSON.parse(res.body)._id;
});
after(() => t?.close());

describe('GET /v2/search and GET agree', () => {
  test('every result of every caller is one their GET answers; the hidden document stays hidden', async () => {
    const callers = { ...p.users, ...Object.fromEntries(Object.entries(p.keys).map(([k, v]) => [`${k} key`, v])) };
    let checked = 0;
    for (const [name, caller] of Object.entries(callers)) {
      const res = await call(t.app, 'GET', '/v2/search?q=lindenhof&limit=50', caller.headers);
      assert.equal(res.status, 200, `${name}: ${JSON.stringify(res.body)}`);
      for (const result of res.body.results as Array<{ id: string; path: string }>) {
        const read = await call(t.app, 'GET', result.path, caller.headers);
        assert.equal(read.status, 200, `${name} found ${result.path} but its GET answers ${read.status}`);
        checked += 1;
      }
    }
    assert.ok(checked > 0);
    const employee = p.users.employee.headers;
    assert.equal((await call(t.app, 'GET', `/v2/documents/${hidden}`, employee)).status, 404);
    const found = (await call(t.app, 'GET', '/v2/search?q=abmahnung', employee)).body.results as Array<{ id: string }>;
    assert.deepEqual(found, []);
  });
});
