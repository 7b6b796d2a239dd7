// Export, then import the file as it came: the import takes off exactly the apostrophe the export's
// formula guard added (platform/csv: = + - @ | tab CR LF and the full-width ＝ ＋ － ＠ ｜, per list
// item too), so every text field and every tag comes back as it was written.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inlinedOpenApi } from '../helpers/openapi.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let company: Tenant;

const STARTS = ['=', '+', '-', '@', '|', '\t', '\r', '\n', '＝', '＋', '－', '＠', '｜'];
const formula = (i: number) => `${STARTS[i % STARTS.length]}SUM(A${i})`;
let counter = 0;
const next = () => formula(counter++);
// Every start as a tag, and plain tags around them: a guarded `|x` stays one tag.
const tagList = () => ['plain', ...STARTS.map((_, i) => formula(i)), "O'Brien"];

// biome-ignore lint/suspicious/noExplicitAny: records read back are compared field by field
type Doc = Record<string, any>;

const records: Record<string, { id: string; sent: Doc }> = {};

async function create(collection: string, body: Doc) {
  const res = await call(t.app, 'POST', `/v2/${collection}/`, company.headers, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  records[collection] = { id: res.body._id, sent: body };
}

const read = async (collection: string): Promise<Doc> =>
  (await call(t.app, 'GET', `/v2/${collection}/${records[collection]!.id}`, company.headers)).body;

/** The fields of `read` that `sent` names, nested ones included. */
function picked(sent: Doc, read: Doc): Doc {
  return Object.fromEntries(
    Object.entries(sent).map(([key, value]) => [
      key,
      value && typeof value === 'object' && !Array.isArray(value) ? picked(value, read[key] ?? {}) : read[key],
    ]),
  );
}

before(async () => {
  t = await createTestApp();
  company = await signup(t.app, 'Round trip');
  await create('customers', {
    name: next(),
    contactPerson: next(),
    address: { street: next(), city: next(), zip: '＝1+1' },
    buyerReference: next(),
  });
  await create('objects', {
    name: next(),
    address: { street: next(), city: next(), zip: '@A1', country: next() },
    description: next(),
    tags: tagList(),
  });
  await create('articles', { name: next(), description: next(), unit: next(), price: -12.5, tags: tagList() });
});
after(() => t?.close());

describe('export → import: the formula guard undone', () => {
  for (const collection of ['customers', 'objects', 'articles']) {
    test(`${collection}: the exported file imported again leaves every value as it was`, async () => {
      const before = await read(collection);
      assert.deepEqual(picked(records[collection]!.sent, before), records[collection]!.sent, 'stored as sent');
      const file = await t.app.inject({
        method: 'GET',
        url: `/v2/${collection}/export.csv`,
        headers: company.headers,
      });
      assert.equal(file.statusCode, 200, file.body);
      // The shared download header (content-disposition.ts): the plain name and its RFC 5987 form.
      assert.equal(
        file.headers['content-disposition'],
        `attachment; filename="${collection}.csv"; filename*=UTF-8''${collection}.csv`,
      );
      assert.match(file.body, /;'｜SUM|'\|SUM|'＝|'=SUM/, 'the export guarded something');
      const imported = await t.app.inject({
        method: 'POST',
        url: `/v2/imports/${collection}`,
        headers: { ...company.headers, 'content-type': 'text/csv' },
        payload: file.rawPayload,
      });
      assert.equal(imported.statusCode, 200, imported.body);
      const report = imported.json();
      assert.equal(report.state, 'done', JSON.stringify(report.errors));
      assert.equal(report.created, 0);
      assert.equal(report.updated, report.totalRows);
      const after = await read(collection);
      assert.deepEqual(picked(records[collection]!.sent, after), records[collection]!.sent);
    });
  }
});

test('POST /v2/imports/{collection} documents its 503 (the server stopping)', async () => {
  const document = await inlinedOpenApi(t.app);
  const responses = document.paths['/v2/imports/customers'].post.responses;
  assert.match(responses['503'].description, /stopping/);
  assert.ok(responses['503'].content['application/problem+json'], JSON.stringify(responses['503']));
});
