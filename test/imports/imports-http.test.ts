// CSV import and export over HTTP (POST /v2/imports/{collection}, GET /v2/imports/{id},
// GET /v2/{collection}/export.csv): the dry-run report, a full import, the idempotent re-import by
// number, Windows-1252 with `;` and German numbers and dates, users through the engine (their
// password works), all-or-nothing (422), the error cases, the export round trip, multipart, and
// the progress of a background import.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { createUser, groupIdsOf, login } from '../helpers/principals.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let company: Tenant;

before(async () => {
  t = await createTestApp();
  company = await signup(t.app, 'Imports');
});
after(async () => {
  await t?.close();
});

async function postCsv(
  collection: string,
  csv: string | Buffer,
  query = '',
  headers: Record<string, string> = company.headers,
  contentType = 'text/csv',
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v2/imports/${collection}${query ? `?${query}` : ''}`,
    headers: { ...headers, 'content-type': contentType },
    payload: csv as InjectOptions['payload'],
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

// biome-ignore lint/suspicious/noExplicitAny: records read back are checked field by field
type Doc = Record<string, any>;
const list = async (collection: string, tenant = company): Promise<Doc[]> =>
  (await call(t.app, 'GET', `/v2/${collection}/?limit=1000`, tenant.headers)).body;

describe('POST /v2/imports/{collection}', () => {
  test('a dry run reports every bad row (row, field, message) and writes nothing', async () => {
    const tenant = await signup(t.app, 'Dry run');
    const csv = [
      'number,name,address.city,invoiceRecipientId',
      '10,Alpha GmbH,Berlin,',
      '11,,Hamburg,', // name is required
      'zwölf,Gamma,,', // not a number
      '13,Delta,,0123456789abcdef01234567', // names no user of the company
    ].join('\n');
    const res = await postCsv('customers', csv, 'dryRun=true', tenant.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.state, 'failed');
    assert.equal(res.body.dryRun, true);
    assert.equal(res.body.totalRows, 4);
    assert.equal(res.body.processedRows, 4);
    assert.equal(res.body.created, 1);
    assert.deepEqual(
      res.body.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
      [
        [3, 'name'],
        [4, 'number'],
        [5, 'invoiceRecipientId'],
      ],
    );
    assert.equal(res.body.errorCount, 3);
    assert.deepEqual(await list('customers', tenant), []);
    // A clean dry run is done, and still writes nothing.
    const clean = await postCsv('customers', 'name\nOmega', 'dryRun=true', tenant.headers);
    assert.equal(clean.body.state, 'done');
    assert.equal(clean.body.created, 1);
    assert.deepEqual(await list('customers', tenant), []);
  });

  test('imports all rows in one go, and a re-import updates by number instead of adding', async () => {
    const tenant = await signup(t.app, 'Full');
    const csv =
      'number,name,address.street,address.city,contact.email\n100,Alpha GmbH,Hauptstr. 1,Berlin,a@example.com\n101,Beta AG,,Köln,\n';
    const first = await postCsv('customers', csv, '', tenant.headers);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual([first.body.state, first.body.created, first.body.updated], ['done', 2, 0]);
    const stored = await list('customers', tenant);
    assert.deepEqual(
      stored.map((c) => [c.number, c.name, c.address?.city, c.contact?.email]),
      [
        [100, 'Alpha GmbH', 'Berlin', 'a@example.com'],
        [101, 'Beta AG', 'Köln', undefined],
      ],
    );
    const again = await postCsv('customers', csv.replace('Beta AG', 'Beta AG & Co'), '', tenant.headers);
    assert.deepEqual([again.body.state, again.body.created, again.body.updated], ['done', 0, 2]);
    const after = await list('customers', tenant);
    assert.equal(after.length, 2);
    assert.equal(after[1]!.name, 'Beta AG & Co');
    assert.equal(after[0]!.address.street, 'Hauptstr. 1', 'an empty cell leaves the field as it is');
  });

  test('Windows-1252 with ; and German numbers, through a mapping', async () => {
    const tenant = await signup(t.app, 'Cp1252');
    const text =
      'Artikelnr;Bezeichnung;Preis;EK-Preis;Notiz\r\n5;Glasreiniger für Fenster;1.234,56;-0,5;x\r\n6;"Eimer; 10 l";12;3,25;\r\n';
    const bytes = Buffer.from(text, 'latin1'); // ü as the single byte 0xFC: not UTF-8
    const mapping = {
      Artikelnr: 'number',
      Bezeichnung: 'name',
      Preis: 'price',
      'EK-Preis': 'purchasePrice',
      Notiz: null,
    };
    const res = await postCsv(
      'articles',
      bytes,
      `mapping=${encodeURIComponent(JSON.stringify(mapping))}`,
      tenant.headers,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      (await list('articles', tenant)).map((a) => [a.number, a.name, a.price, a.purchasePrice]),
      [
        [5, 'Glasreiniger für Fenster', 1234.56, -0.5],
        [6, 'Eimer; 10 l', 12, 3.25],
      ],
    );
  });

  test('users go through the engine: German dates, a password one can log in with', async () => {
    const tenant = await signup(t.app, 'Users');
    const csv =
      'id;password;general.firstName;general.lastName;contract.startDate;contract.vacationDays\nanna.import;Sehr-geheim-2026;Anna;Ärger;01.03.2026;27,5\n';
    const res = await postCsv('users', csv, '', tenant.headers);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const anna = (await list('users', tenant)).find((u) => u.id === 'anna.import')!;
    assert.equal(anna.general.lastName, 'Ärger');
    assert.equal(anna.contract.startDate, '2026-03-01T00:00:00.000Z');
    assert.equal(anna.contract.vacationDays, 27.5);
    assert.equal(anna.password, undefined);
    assert.equal((await login(t.app, 'anna.import', 'Sehr-geheim-2026')).status, 200);
    // The password policy applies as on POST /users.
    const weak = await postCsv('users', 'id,password\nbert.import,short\n', '', tenant.headers);
    assert.equal(weak.status, 422);
  });

  test('any bad row means nothing is written: 422, and the report at GET /v2/imports/{id}', async () => {
    const tenant = await signup(t.app, 'All or nothing');
    const res = await postCsv('objects', 'name,address.zip\nHalle 1,10115\n,20095\n', '', tenant.headers);
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.deepEqual(res.body.errors, [{ path: 'row 3: name', message: "must have required property 'name'" }]);
    assert.deepEqual(await list('objects', tenant), []);
    assert.deepEqual(await list('customers', tenant), [], 'the customer the first row created is rolled back too');
    const id = /imports\/([0-9a-f]{24})/.exec(res.body.detail)![1];
    const report = await call(t.app, 'GET', `/v2/imports/${id}`, tenant.headers);
    assert.equal(report.status, 200);
    assert.equal(report.body.state, 'failed');
    assert.deepEqual(report.body.errors, [{ row: 3, field: 'name', message: "must have required property 'name'" }]);
    // Another company does not see it.
    assert.equal((await call(t.app, 'GET', `/v2/imports/${id}`, company.headers)).status, 404);
  });

  test('a first failure the engine finds (a reference) still yields the report of every row', async () => {
    const tenant = await signup(t.app, 'Careful');
    const csv = 'name,invoiceRecipientId\nA,0123456789abcdef01234567\nB,\n,\nD,\n';
    const res = await postCsv('customers', csv, '', tenant.headers);
    assert.equal(res.status, 422, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.errors.map((e: { path: string }) => e.path),
      ['row 2: invoiceRecipientId', 'row 4: name'],
    );
    const id = /imports\/([0-9a-f]{24})/.exec(res.body.detail)![1];
    const report = (await call(t.app, 'GET', `/v2/imports/${id}`, tenant.headers)).body;
    assert.deepEqual([report.processedRows, report.created, report.errorCount], [4, 2, 2]);
    assert.deepEqual(await list('customers', tenant), []);
  });

  test('error cases: unknown collection 404, bad mapping or column 400, too big 413, employee 403, no CSV 415', async () => {
    assert.equal((await postCsv('jobs', 'name\nx\n')).status, 404);
    const notJson = await postCsv('customers', 'name\nx\n', 'mapping=%7Bnope');
    assert.equal(notJson.status, 400);
    assert.deepEqual(notJson.body.errors, [{ path: 'mapping', message: 'is not JSON' }]);
    const unknownField = await postCsv('customers', 'Firma\nx\n', `mapping=${encodeURIComponent('{"Firma":"firm"}')}`);
    assert.equal(unknownField.status, 400);
    assert.deepEqual(unknownField.body.errors, [
      { path: 'mapping.Firma', message: 'firm is not a field that can be imported' },
    ]);
    const unknownColumn = await postCsv('customers', 'name,Farbe\nx,rot\n');
    assert.equal(unknownColumn.status, 400);
    assert.equal(unknownColumn.body.errors[0].path, 'Farbe');
    assert.equal((await postCsv('customers', 'name\n"open\n')).status, 400);
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
    assert.equal((await postCsv('customers', big)).status, 413);
    assert.equal((await postCsv('customers', `name\n${'x\n'.repeat(100_001)}`)).status, 413);
    const groups = await groupIdsOf(t.app, company.headers);
    const employee = await createUser(t.app, company.headers, groups.employee);
    assert.equal((await postCsv('customers', 'name\nx\n', '', employee.headers)).status, 403);
    assert.equal((await postCsv('users', 'id\nx.y.z\n', '', employee.headers)).status, 403);
    // Write level `own` (may change their own user record) is not enough to import users.
    const group = await call(t.app, 'POST', '/v2/accessGroups/', company.headers, {
      name: 'own users',
      permissions: { users: { read: 'own', write: 'own' } },
    });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const ownWriter = await createUser(t.app, company.headers, group.body._id);
    const own = await postCsv('users', 'id\nx.y.z\n', '', ownWriter.headers);
    assert.equal(own.status, 403);
    assert.match(own.body.detail, /needs write access to all users/);
    const json = await call(t.app, 'POST', '/v2/imports/customers', company.headers, { name: 'x' });
    assert.equal(json.status, 415);
  });

  test('a multipart upload with its mapping and dryRun as form fields', async () => {
    const tenant = await signup(t.app, 'Multipart');
    const boundary = 'crewbase-boundary';
    const part = (headers: string, body: string) => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
    const payload =
      part('Content-Disposition: form-data; name="mapping"', '{"Kunde":"name"}') +
      part('Content-Disposition: form-data; name="dryRun"', 'false') +
      part(
        'Content-Disposition: form-data; name="file"; filename="kunden.csv"\r\nContent-Type: text/csv',
        'Kunde\nMüller KG\n',
      ) +
      `--${boundary}--\r\n`;
    const res = await postCsv('customers', payload, '', tenant.headers, `multipart/form-data; boundary=${boundary}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.fileName, 'kunden.csv');
    assert.deepEqual(
      (await list('customers', tenant)).map((c) => c.name),
      ['Müller KG'],
    );
  });
});

describe('GET /v2/{collection}/export.csv', () => {
  test('BOM, ; and the import columns; importing the export again is a clean dry run of updates', async () => {
    const tenant = await signup(t.app, 'Export');
    const csv = 'number;name;price;tags;description\n1;"Reiniger ""Extra""";1.234,5;a | b;=1+1\n2;Eimer;;;\n';
    assert.equal((await postCsv('articles', csv, '', tenant.headers)).status, 200);
    const res = await t.app.inject({ method: 'GET', url: '/v2/articles/export.csv', headers: tenant.headers });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/csv/);
    const lines = res.body.split('\r\n');
    assert.equal(lines[0], '\uFEFFnumber;name;description;unit;price;purchasePrice;taxRateId;supplierId;ean;tags');
    assert.equal(lines[1], `1;"Reiniger ""Extra""";'=1+1;;1234,5;;;;;a | b`);
    assert.equal(lines[2], '2;Eimer;;;;;;;;');
    const roundTrip = await postCsv('articles', Buffer.from(res.rawPayload), 'dryRun=true', tenant.headers);
    assert.equal(roundTrip.status, 200, JSON.stringify(roundTrip.body));
    assert.deepEqual([roundTrip.body.state, roundTrip.body.created, roundTrip.body.updated], ['done', 0, 2]);
    assert.deepEqual(roundTrip.body.errors, []);
    // Export of users leaves the password out; an employee exports only what they may read (themselves).
    const users = await t.app.inject({ method: 'GET', url: '/v2/users/export.csv', headers: tenant.headers });
    assert.doesNotMatch(users.body.split('\r\n')[0]!, /password/);
    const groups = await groupIdsOf(t.app, tenant.headers);
    const employee = await createUser(t.app, tenant.headers, groups.employee);
    const own = await t.app.inject({ method: 'GET', url: '/v2/users/export.csv', headers: employee.headers });
    assert.equal(own.statusCode, 200);
    assert.equal(own.body.split('\r\n').filter(Boolean).length, 2);
    const refused = await t.app.inject({ method: 'GET', url: '/v2/customers/export.csv', headers: employee.headers });
    assert.equal(refused.statusCode, 403);
  });
});

describe('GET /v2/imports/{id}', () => {
  test('a file of more than 1000 rows answers 202 and runs on; its progress ends done', async () => {
    const tenant = await signup(t.app, 'Progress');
    const rows = Array.from({ length: 1200 }, (_, i) => `Artikel ${i + 1}`);
    const res = await postCsv('articles', `name\n${rows.join('\n')}\n`, '', tenant.headers);
    assert.equal(res.status, 202, JSON.stringify(res.body));
    assert.equal(res.headers.location, `/v2/imports/${res.body._id}`);
    assert.equal(res.body.state, 'running');
    assert.equal(res.body.totalRows, 1200);
    let report = res.body;
    const seen = new Set<number>();
    for (let i = 0; i < 600 && report.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = (await call(t.app, 'GET', `/v2/imports/${res.body._id}`, tenant.headers)).body;
      seen.add(report.processedRows);
    }
    assert.equal(report.state, 'done');
    assert.deepEqual([report.processedRows, report.created], [1200, 1200]);
    assert.ok(report.finishedAt);
    assert.equal((await call(t.app, 'GET', '/v2/articles/?limit=1', tenant.headers)).headers['x-total-count'], '1200');
  });
});
