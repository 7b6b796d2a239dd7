// The OpenAPI document as a client generator trusts it: bodies and answers in the media types the
// server reads and sends (files as binary, not JSON strings), the errors of how a request arrives
// declared wherever they can occur, success answers that say which properties are always there, and
// the server's nested shapes typed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let doc: Json;
const operations: Array<{ method: string; path: string; op: Json }> = [];

before(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const [method, op] of Object.entries<Json>(item)) operations.push({ method, path, op });
});
after(() => t.close());

const opAt = (method: string, path: string) => doc.paths[path]?.[method];
const resolve = (schema: Json): Json => {
  let s = schema;
  while (s?.$ref) s = doc.components.schemas[String(s.$ref).split('/').pop()!];
  return s;
};
const successes = (op: Json) => Object.entries<Json>(op.responses).filter(([status]) => status.startsWith('2'));
const BINARY = { type: 'string', format: 'binary' };

describe('media types', () => {
  test('no success answer is a JSON string: files are declared in their own media types, as binary', () => {
    const files: string[] = [];
    for (const { method, path, op } of operations) {
      for (const [status, response] of successes(op)) {
        for (const [type, media] of Object.entries<Json>(response.content ?? {})) {
          const schema = resolve(media.schema);
          if (type.includes('json')) {
            assert.notEqual(schema?.type, 'string', `${method} ${path} ${status} ${type} is a JSON string`);
            continue;
          }
          files.push(`${method} ${path} ${type}`);
          if (type !== 'text/csv') assert.deepEqual(schema, BINARY, `${method} ${path} ${status} ${type}`);
        }
      }
    }
    assert.ok(files.length >= 26, `${files.length} file answers`);
  });

  test('PDF, XRechnung, ZUGFeRD, images and stored files in the types the server sends', async () => {
    const typesOf = (method: string, path: string, status = '200') =>
      Object.keys(opAt(method, path).responses[status].content);
    for (const kind of ['invoices', 'credits', 'invoiceStornos']) {
      assert.deepEqual(typesOf('get', `/v2/${kind}/{id}/pdf`), ['application/pdf']);
      assert.deepEqual(typesOf('get', `/v2/${kind}/{id}/zugferd`), ['application/pdf']);
      assert.deepEqual(typesOf('get', `/v2/${kind}/{id}/xrechnung`), ['application/xml']);
    }
    assert.deepEqual(typesOf('get', '/v2/offers/{id}/pdf'), ['application/pdf']);
    assert.deepEqual(typesOf('get', '/v2/invoiceReminders/{id}/pdf'), ['application/pdf']);
    assert.deepEqual(typesOf('get', '/v2/company/invoicingSettings/logo'), ['image/png', 'image/jpeg']);
    assert.deepEqual(typesOf('get', '/v2/users/{id}/signatureImage'), ['image/png', 'image/jpeg']);
    assert.deepEqual(typesOf('get', '/v2/documents/{id}/file'), t.config.documentTypes);
    assert.deepEqual(typesOf('get', '/v2/documents/{id}/file', '206'), t.config.documentTypes);
  });

  test('an upload declares its body: multipart parts for documents, the raw image for assets', () => {
    const upload = opAt('post', '/v2/documents/').requestBody.content['multipart/form-data'].schema;
    const parts = resolve(upload);
    assert.deepEqual(parts.properties.file.items, BINARY);
    assert.deepEqual(parts.required, ['file']);
    for (const owner of ['objectId', 'userId', 'jobId', 'customerId']) assert.ok(parts.properties[owner], owner);
    for (const path of ['/v2/company/invoicingSettings/logo', '/v2/users/{id}/signatureImage']) {
      const body = opAt('put', path).requestBody.content;
      assert.deepEqual(Object.keys(body), ['image/png', 'image/jpeg'], path);
      assert.equal(resolve(body['image/png'].schema).format, 'binary');
    }
  });
});

describe('errors of how a request arrives', () => {
  test('413 and 415 on every operation that takes a body; 415 names the media types it reads', () => {
    const withBody = operations.filter(({ op, method }) => op.requestBody || ['post', 'put', 'patch'].includes(method));
    assert.ok(withBody.length > 150, `${withBody.length} operations take a body`);
    for (const { method, path, op } of withBody) {
      assert.ok(op.responses['413'], `${method} ${path} declares 413`);
      assert.ok(op.responses['415'], `${method} ${path} declares 415`);
      for (const type of Object.keys(op.requestBody?.content ?? {}))
        assert.ok(op.responses['415'].description.includes(type), `${method} ${path} 415 names ${type}`);
    }
    assert.equal(opAt('get', '/v2/customers/').responses['415'], undefined, 'not on a GET');
  });

  test('422 on every POST (an idempotency key reused with another body), 429 with Retry-After where rate-limited', () => {
    for (const { method, path, op } of operations)
      if (method === 'post') assert.ok(op.responses['422'], `${method} ${path} declares 422`);
    for (const path of ['/v2/auth/login', '/v2/auth/refresh', '/v2/company/signup']) {
      const limited = opAt('post', path).responses['429'];
      assert.ok(limited, `${path} declares 429`);
      assert.equal(limited.headers?.['Retry-After']?.schema?.type, 'integer', path);
    }
    assert.equal(JSON.stringify(doc).includes('x-rateLimited'), false);
    assert.equal(JSON.stringify(doc).includes('x-documentedBody'), false);
  });

  test('a declared 415 is what the server answers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assert.equal(response.statusCode, 415);
    assert.ok(opAt('post', '/v2/auth/login').responses['415']);
  });
});

describe('shapes', () => {
  test("a webhook's type, entity and url are never null", () => {
    const webhook = doc.components.schemas.Webhook;
    for (const field of ['type', 'entity', 'url']) {
      assert.ok(webhook.required.includes(field), field);
      assert.doesNotMatch(JSON.stringify(webhook.properties[field]), /"null"/, `${field} is not nullable`);
    }
  });

  test("a job's started, absences and user are typed as the server builds them", () => {
    const job = doc.components.schemas.Job.properties;
    const started = resolve(job.started.items);
    assert.deepEqual(started.required, [
      'trackingJobDate',
      'userId',
      'time',
      'isLive',
      'wasAddedManually',
      'timeTrackingId',
    ]); // salaryId only once the entry is approved (absent before, not null)
    assert.equal(started.properties.isLive.type, 'boolean');
    const absence = resolve(job.absences.items);
    assert.deepEqual(absence.required, ['absenceId', 'dtStart', 'dtEnd']);
    assert.equal(absence.properties.dtStart.format, 'date-time');
    const user = resolve(job.user);
    assert.deepEqual(user.required, ['_id', 'number']);
    assert.equal(user.properties.number.type, 'integer');
  });
});
