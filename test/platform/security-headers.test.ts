// Headers of every answer: nosniff everywhere, no-store on API answers, a CSP forbidding framing on HTML,
// and a download's file name that cannot break out of its Content-Disposition header.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentDisposition } from '../../src/platform/http/content-disposition.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Headers');
});
after(() => t.close());

describe('security headers', () => {
  test('an authenticated JSON answer: nosniff and no-store; so are problems', async () => {
    const res = await call(t.app, 'GET', `/v2/users/${admin.userId}`, admin.headers);
    assert.equal(res.status, 200);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['cache-control'], 'no-store');
    const refused = await call(t.app, 'GET', '/v2/users/', {});
    assert.equal(refused.status, 401);
    assert.equal(refused.headers['x-content-type-options'], 'nosniff');
    assert.equal(refused.headers['cache-control'], 'no-store');
  });

  test('an HTML answer (the API reference) has a CSP with frame-ancestors none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  // (A line break cannot travel in a multipart header; contentDisposition's own test below covers CR/LF.)
  test("a download's name with quotes, a semicolon and umlauts stays inside its header", async () => {
    const objectId = (await call(t.app, 'POST', '/v2/objects/', admin.headers, { name: 'Depot' })).body._id;
    const boundary = 'headers-test-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v2/documents/',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: [
        `--${boundary}\r\nContent-Disposition: form-data; name="objectId"\r\n\r\n${objectId}\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Bericht \\"Müller\\"; Ärger.txt"\r\n`,
        'Content-Type: text/plain\r\n\r\nHallo\r\n',
        `--${boundary}--\r\n`,
      ].join(''),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const file = await t.app.inject({
      method: 'GET',
      url: `/v2/documents/${upload.json()._id}/file`,
      headers: admin.headers,
    });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
    const disposition = String(file.headers['content-disposition']);
    assert.match(disposition, /^attachment; filename="[^"\\\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    assert.equal(decodeURIComponent(disposition.split("''")[1]!), 'Bericht "Müller"; Ärger.txt', 'the real name');
  });
});

describe('contentDisposition', () => {
  test('quotes, CR/LF, path separators and non-ASCII never reach the plain name; filename* keeps the name', () => {
    assert.equal(
      contentDisposition('a"b\r\nSet-Cookie: x=1;/..\\Müller.pdf', 'inline'),
      `inline; filename="a_b__Set-Cookie: x=1__.._M_ller.pdf"; filename*=UTF-8''a%22b__Set-Cookie%3A%20x%3D1%3B_.._M%C3%BCller.pdf`,
    );
    assert.equal(
      contentDisposition('../../etc/passwd'),
      `attachment; filename="_.._etc_passwd"; filename*=UTF-8''_.._etc_passwd`,
    );
    assert.equal(
      contentDisposition(" it's (1)*! "),
      `attachment; filename="it's (1)*!"; filename*=UTF-8''it%27s%20%281%29%2A%21`,
    );
    assert.equal(contentDisposition(' .. '), `attachment; filename="download"; filename*=UTF-8''download`);
  });
});
