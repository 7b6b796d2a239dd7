// Documents over HTTP: the spec's multipart upload (POST /v2/documents/) with its checks (one of
// objectId/userId/jobId/customerId, ids of the company, sniffed types, DOCUMENT_MAX_BYTES and
// DOCUMENT_MAX_FILES), the per-record lists (GET /{entity}/{id}/documents, flag for jobs), the file
// with Range requests, access groups and employees, and DELETE /v2/documents/{id}.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { assertProblem, requester, type Headers } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';
import { cleanImage } from '../../src/platform/images/clean-image.js';

let t: TestApp;
let admin: Tenant;
let other: Tenant;
const user: Record<string, string> = {};
const login: Record<string, Headers> = {};
const MISSING = '0123456789abcdef01234567';
const MAX_BYTES = 1000;
const MAX_FILES = 3;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The PNG as stored: every image is re-encoded by the image gate (test/security/image-bombs.test.ts). */
const STORED_PNG = (await cleanImage(PNG, { maxPixels: 1 })).bytes;
/** The start of a Windows executable (MZ header). */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0), Buffer.from('PE\0\0'), Buffer.alloc(64, 0)]);

interface FilePart {
  filename: string;
  type?: string;
  data: Buffer | string;
  name?: string;
}
type Part = FilePart | [string, string];

/** A multipart/form-data body: [name, value] fields and file parts (named `file` unless said otherwise). */
function form(parts: Part[]) {
  const boundary = `----operations-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part[0]}"\r\n\r\n${part[1]}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name ?? 'file'}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(parts: Part[], headers: Headers = admin.headers) {
  const { payload, contentType } = form(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/documents/',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  let body: Json;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body };
}

/** Uploads and expects 201 {_id, ids}; returns the ids. */
async function uploaded(parts: Part[], headers: Headers = admin.headers): Promise<string[]> {
  const res = await upload(parts, headers);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['_id', 'ids']);
  assert.equal(res.body._id, res.body.ids[0]);
  for (const id of res.body.ids) assert.match(id, /^[0-9a-f]{24}$/);
  return res.body.ids;
}

const text = (filename: string, data: string): FilePart => ({ filename, type: 'text/plain', data });

const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

/** Ids of a record's documents (GET /{entity}/{id}/documents). */
async function listed(path: string, headers: Headers = admin.headers): Promise<Json[]> {
  return ok('GET', path, undefined, 200, headers);
}
const idsOf = (docs: Json[]) => docs.map((d) => d._id).sort();

async function file(id: string, headers: Headers = admin.headers, range?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v2/documents/${id}/file`,
    headers: { ...headers, ...(range ? { range } : {}) },
  });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: res.body };
}

const newObject = async (name: string, tenant: Tenant = admin) =>
  (await ok('POST', '/v2/objects/', { name }, 201, tenant.headers))._id as string;

/** Files left in the upload temp directory (should be none after every request). */
const tempFiles = () => (existsSync(join(t.dataDir, 'uploads')) ? readdirSync(join(t.dataDir, 'uploads')) : []);
/** Files in the store of a company. */
const storedFiles = (companyId: string) =>
  existsSync(join(t.dataDir, 'documents', companyId)) ? readdirSync(join(t.dataDir, 'documents', companyId)) : [];

async function loginAs(username: string, password: string): Promise<Headers> {
  const res = await call(t.app, 'POST', '/v2/auth/login', {}, { username, password });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { authorization: `Bearer ${res.body.accessToken}` };
}

before(async () => {
  t = await createTestApp({ DOCUMENT_MAX_BYTES: String(MAX_BYTES), DOCUMENT_MAX_FILES: String(MAX_FILES) });
  admin = await signup(t.app, 'Documents');
  other = await signup(t.app, 'Elsewhere');
  const groups = await ok('GET', '/v2/accessGroups/');
  const groupId = (name: string) => (groups as Json[]).find((g) => g.name === name)._id;
  for (const [name, group] of [
    ['Ann', 'employee'],
    ['Bob', 'employee'],
    ['Mia', 'objectmanager'],
  ] as const) {
    user[name] = (
      await ok(
        'POST',
        '/v2/users/',
        {
          general: { firstName: name },
          id: name.toLowerCase(),
          password: `${name}-password-1`,
          accessGroupId: groupId(group),
        },
        201,
      )
    )._id;
    login[name] = await loginAs(name.toLowerCase(), `${name}-password-1`);
  }
});
after(() => t.close());

describe('uploading', () => {
  let objectId: string;

  before(async () => {
    objectId = await newObject('Main Office');
  });

  test('one file and two files with objectId → 201 {_id, ids}; the object lists them with fileName, sniffed contentType, size and url', async () => {
    const [one] = await uploaded([['objectId', objectId], text('notes.txt', 'first document')]);
    const two = await uploaded([
      ['objectId', objectId],
      ['name', 'Floor plans'],
      text('plan-a.txt', 'plan A'),
      { filename: 'plan-b.png', type: 'image/png', data: PNG },
    ]);
    assert.equal(two.length, 2);
    const docs = await listed(`/v2/objects/${objectId}/documents`);
    assert.deepEqual(idsOf(docs), [one!, ...two].sort());
    const byId = Object.fromEntries(docs.map((d) => [d._id, d]));
    assert.deepEqual(
      [one!, ...two].map((id) => ({
        fileName: byId[id].fileName,
        name: byId[id].name,
        contentType: byId[id].contentType,
        size: byId[id].size,
        url: byId[id].url,
        objectId: byId[id].objectId,
      })),
      [
        {
          fileName: 'notes.txt',
          name: 'notes.txt',
          contentType: 'text/plain',
          size: 14,
          url: `/v2/documents/${one}/file`,
          objectId,
        },
        {
          fileName: 'plan-a.txt',
          name: 'Floor plans',
          contentType: 'text/plain',
          size: 6,
          url: `/v2/documents/${two[0]}/file`,
          objectId,
        },
        {
          fileName: 'plan-b.png',
          name: 'Floor plans',
          contentType: 'image/png',
          size: STORED_PNG.length,
          url: `/v2/documents/${two[1]}/file`,
          objectId,
        },
      ],
    );
    for (const doc of docs) {
      assert.equal(doc.companyId, admin.companyId);
      assert.equal(doc.status.createdBy, admin.userId);
      assert.match(doc.sha256, /^[0-9a-f]{64}$/);
    }
    // The record reads the same on its own.
    assert.deepEqual(await ok('GET', `/v2/documents/${one}`), byId[one!]);
    // The store holds one file per document, named by the document's id.
    for (const id of [one!, ...two]) assert.ok(storedFiles(admin.companyId).includes(id));
    assert.deepEqual(tempFiles(), []);
  });

  test('a file named ../../etc/passwd is stored as fileName passwd and downloads fine', async () => {
    const [id] = await uploaded([['objectId', objectId], text('../../etc/passwd', 'root:x:0:0 (not really)')]);
    const doc = await ok('GET', `/v2/documents/${id}`);
    assert.equal(doc.fileName, 'passwd');
    assert.equal(doc.name, 'passwd');
    const res = await file(id!);
    assert.equal(res.status, 200);
    assert.equal(res.body, 'root:x:0:0 (not really)');
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="passwd"; filename\*=UTF-8''passwd$/,
    );
    assert.equal(existsSync(join(t.dataDir, 'etc')), false);
    assert.equal(existsSync(join(t.dataDir, 'documents', 'etc')), false);
  });

  test('none of objectId, userId, jobId, customerId → 400 naming all four', async () => {
    const res = await upload([['name', 'orphan'], text('orphan.txt', 'no owner')]);
    assertProblem(res, 400);
    assert.deepEqual(res.body.errors.map((e: Json) => e.path).sort(), ['customerId', 'jobId', 'objectId', 'userId']);
    assert.deepEqual(tempFiles(), []);
  });

  test('an unknown objectId (valid hex) → 404; a malformed one → 400', async () => {
    assertProblem(await upload([['objectId', MISSING], text('a.txt', 'x')]), 404);
    assertProblem(await upload([['objectId', 'not-an-id'], text('a.txt', 'x')]), 400, 'objectId');
    assertProblem(await upload([['userId', MISSING], text('a.txt', 'x')]), 404);
    assertProblem(await upload([['objectId', objectId], ['customerId', MISSING], text('a.txt', 'x')]), 404);
    assert.deepEqual(tempFiles(), []);
  });

  test('an objectId of another company → 404 and nothing is stored there', async () => {
    const foreign = await newObject('Foreign Office', other);
    assertProblem(await upload([['objectId', foreign], text('a.txt', 'x')]), 404);
    assert.deepEqual(await listed(`/v2/objects/${foreign}/documents`, other.headers), []);
    assertProblem(await req('GET', `/v2/objects/${foreign}/documents`), 404);
  });

  test('an unknown form field or a file part not named file → 400; no file part → 400', async () => {
    assertProblem(await upload([['objectId', objectId], ['owner', 'me'], text('a.txt', 'x')]), 400, 'owner');
    assertProblem(await upload([['objectId', objectId], { ...text('a.txt', 'x'), name: 'attachment' }]), 400);
    assertProblem(await upload([['objectId', objectId]]), 400, 'file');
  });

  test('an .exe (MZ header) → 415 and nothing is stored', async () => {
    const target = await newObject('Exe target');
    const res = await upload([
      ['objectId', target],
      { filename: 'setup.exe', type: 'application/octet-stream', data: EXE },
    ]);
    assertProblem(res, 415);
    // Declared harmless, it is still refused: the type comes from the content.
    assertProblem(await upload([['objectId', target], { filename: 'photo.png', type: 'image/png', data: EXE }]), 415);
    assert.deepEqual(await listed(`/v2/objects/${target}/documents`), []);
    assert.deepEqual(tempFiles(), []);
  });

  test('a PNG declared as text/plain is accepted as image/png (sniffed)', async () => {
    const [id] = await uploaded([['objectId', objectId], { filename: 'picture.txt', type: 'text/plain', data: PNG }]);
    const doc = await ok('GET', `/v2/documents/${id}`);
    assert.equal(doc.contentType, 'image/png');
    assert.equal(doc.size, STORED_PNG.length);
    const res = await file(id!);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.ok(res.raw.equals(STORED_PNG));
  });

  test('a file over DOCUMENT_MAX_BYTES → 413 and nothing stored (also not the good file beside it)', async () => {
    const target = await newObject('Big file target');
    const stored = storedFiles(admin.companyId).length;
    assertProblem(await upload([['objectId', target], text('big.txt', 'a'.repeat(MAX_BYTES + 1))]), 413);
    assertProblem(
      await upload([['objectId', target], text('small.txt', 'fine'), text('big.txt', 'b'.repeat(MAX_BYTES * 3))]),
      413,
    );
    assert.deepEqual(await listed(`/v2/objects/${target}/documents`), []);
    assert.equal(storedFiles(admin.companyId).length, stored);
    assert.deepEqual(tempFiles(), []);
    // Exactly the limit is fine.
    const [id] = await uploaded([['objectId', target], text('exact.txt', 'c'.repeat(MAX_BYTES))]);
    assert.equal((await ok('GET', `/v2/documents/${id}`)).size, MAX_BYTES);
  });

  test('more than DOCUMENT_MAX_FILES files → 413 and nothing stored', async () => {
    const target = await newObject('Many files target');
    const files = Array.from({ length: MAX_FILES + 1 }, (_, i) => text(`f${i}.txt`, `file ${i}`));
    assertProblem(await upload([['objectId', target], ...files]), 413);
    assert.deepEqual(await listed(`/v2/objects/${target}/documents`), []);
    assert.deepEqual(tempFiles(), []);
    assert.equal((await uploaded([['objectId', target], ...files.slice(0, MAX_FILES)])).length, MAX_FILES);
  });

  test('a JSON body → 415', async () => {
    assertProblem(await req('POST', '/v2/documents/', { objectId, file: 'aGVsbG8=' }), 415);
  });
});

describe('the file', () => {
  const CONTENT = 'Hello, range requests!';
  let id: string;

  before(async () => {
    [id] = (await uploaded([['objectId', await newObject('Range Office')], text('range.txt', CONTENT)])) as [string];
  });

  test('full content: 200 with content-type, accept-ranges: bytes, length and attachment', async () => {
    const res = await file(id);
    assert.equal(res.status, 200);
    assert.equal(res.body, CONTENT);
    assert.equal(res.headers['content-type'], 'text/plain');
    assert.equal(res.headers['accept-ranges'], 'bytes');
    assert.equal(res.headers['content-length'], String(CONTENT.length));
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['content-disposition'], `attachment; filename="range.txt"; filename*=UTF-8''range.txt`);
  });

  test('Range: bytes=0-4 → 206 with content-range and the first 5 bytes', async () => {
    const res = await file(id, admin.headers, 'bytes=0-4');
    assert.equal(res.status, 206);
    assert.equal(res.body, 'Hello');
    assert.equal(res.headers['content-range'], `bytes 0-4/${CONTENT.length}`);
    assert.equal(res.headers['content-length'], '5');
  });

  test('Range: bytes=-3 → the last 3 bytes; bytes=7- → from byte 7', async () => {
    const last = await file(id, admin.headers, 'bytes=-3');
    assert.equal(last.status, 206);
    assert.equal(last.body, 'ts!');
    assert.equal(last.headers['content-range'], `bytes ${CONTENT.length - 3}-${CONTENT.length - 1}/${CONTENT.length}`);
    const tail = await file(id, admin.headers, 'bytes=7-');
    assert.equal(tail.status, 206);
    assert.equal(tail.body, CONTENT.slice(7));
    const clipped = await file(id, admin.headers, 'bytes=20-500');
    assert.equal(clipped.status, 206);
    assert.equal(clipped.body, CONTENT.slice(20));
  });

  test('Range: bytes=1000000- → 416 with content-range bytes */size', async () => {
    const res = await file(id, admin.headers, 'bytes=1000000-');
    assert.equal(res.status, 416);
    assert.equal(res.headers['content-range'], `bytes */${CONTENT.length}`);
    assert.equal(JSON.parse(res.body).status, 416);
  });

  test("an unknown document's file → 404; another company's → 404", async () => {
    assert.equal((await file(MISSING)).status, 404);
    assert.equal((await file(id, other.headers)).status, 404);
    assertProblem(await req('GET', `/v2/documents/${id}`, undefined, other.headers), 404);
  });
});

describe('documents of objects, jobs, users and customers', () => {
  test("GET /jobs/{id}/documents: the job's; with flag=true also its object's", async () => {
    const objectId = await newObject('Job Site');
    const jobId = (
      await ok('POST', '/v2/jobs/', { from: '2027-01-05T06:00:00Z', to: '2027-01-05T08:00:00Z', objectId }, 201)
    )._id;
    const otherJob = (
      await ok('POST', '/v2/jobs/', { from: '2027-01-06T06:00:00Z', to: '2027-01-06T08:00:00Z', objectId }, 201)
    )._id;
    const [objectDoc] = await uploaded([['objectId', objectId], text('site.txt', 'site rules')]);
    const [jobDoc] = await uploaded([['jobId', jobId], text('job.txt', 'job notes')]);
    const [otherJobDoc] = await uploaded([['jobId', otherJob], text('other-job.txt', 'other job notes')]);
    assert.deepEqual(idsOf(await listed(`/v2/jobs/${jobId}/documents`)), [jobDoc!]);
    assert.deepEqual(idsOf(await listed(`/v2/jobs/${jobId}/documents?flag=false`)), [jobDoc!]);
    assert.deepEqual(idsOf(await listed(`/v2/jobs/${jobId}/documents?flag=true`)), [jobDoc!, objectDoc!].sort());
    assert.deepEqual(idsOf(await listed(`/v2/objects/${objectId}/documents`)), [objectDoc!]);
    assert.ok(!idsOf(await listed(`/v2/jobs/${jobId}/documents?flag=true`)).includes(otherJobDoc!));
    assertProblem(await req('GET', `/v2/jobs/${jobId}/documents?flag=maybe`), 400);
    assertProblem(await req('GET', `/v2/jobs/${MISSING}/documents`), 404);
  });

  test('GET /users/{id}/documents and /customers/{id}/documents', async () => {
    const customerId = (await ok('POST', '/v2/customers/', { name: 'Doc Customer' }, 201))._id;
    const [customerDoc] = await uploaded([['customerId', customerId], text('contract.txt', 'the contract')]);
    const [carlDoc] = await uploaded([['userId', user.Mia!], text('id-card.txt', 'id card')]);
    const [both] = await uploaded([['userId', user.Mia!], ['customerId', customerId], text('both.txt', 'both')]);
    assert.deepEqual(idsOf(await listed(`/v2/customers/${customerId}/documents`)), [customerDoc!, both!].sort());
    assert.deepEqual(idsOf(await listed(`/v2/users/${user.Mia}/documents`)), [carlDoc!, both!].sort());
    assert.equal((await listed(`/v2/users/${user.Mia}/documents`)).find((d) => d._id === both).customerId, customerId);
    assertProblem(await req('GET', `/v2/customers/${MISSING}/documents`), 404);
    assertProblem(await req('GET', `/v2/users/${MISSING}/documents`), 404);
    assertProblem(await req('GET', `/v2/customers/${customerId}/documents`, undefined, other.headers), 404);
  });
});

describe('access groups and employees', () => {
  test('with the default employee group an employee uploads with their own userId', async () => {
    const res = await upload([['userId', user.Bob!], text('bob.txt', "Bob's note")], login.Bob);
    assert.equal(res.status, 201, JSON.stringify(res.body));
  });

  describe('with documents own/own granted to the employee group', () => {
    let annDoc: string;
    let managersOnly: string;
    let forEmployees: string;
    let objectDoc: string;

    before(async () => {
      const group = ((await ok('GET', '/v2/accessGroups/')) as Json[]).find((g) => g.name === 'employee');
      await ok('PATCH', `/v2/accessGroups/${group._id}`, { permissions: { documents: { read: 'own', write: 'own' } } });
    });

    test('an employee uploads with their own userId and sees the document', async () => {
      [annDoc] = (await uploaded([['userId', user.Ann!], text('sick-note.txt', "doctor's note")], login.Ann)) as [
        string,
      ];
      const mine = await listed(`/v2/users/${user.Ann}/documents`, login.Ann);
      assert.deepEqual(idsOf(mine), [annDoc]);
      assert.equal(mine[0].userId, user.Ann);
      assert.equal(mine[0].status.createdBy, user.Ann);
      assert.equal((await ok('GET', `/v2/documents/${annDoc}`, undefined, 200, login.Ann))._id, annDoc);
      assert.equal((await file(annDoc, login.Ann)).body, "doctor's note");
    });

    test('an employee may not upload for someone else (403) or without their userId (400 naming userId)', async () => {
      assertProblem(await upload([['userId', user.Bob!], text('x.txt', 'x')], login.Ann), 403);
      assertProblem(
        await upload([['objectId', await newObject('Ann cannot file here')], text('x.txt', 'x')], login.Ann),
        400,
        'userId',
      );
    });

    test('a document with accessGroup objectmanager is hidden from the employee and shown to an objectmanager', async () => {
      [managersOnly] = (await uploaded([
        ['userId', user.Ann!],
        ['accessGroup', 'objectmanager'],
        text('review.txt', 'performance review'),
      ])) as [string];
      [forEmployees] = (await uploaded([
        ['userId', user.Ann!],
        ['accessGroup', 'employee'],
        text('handbook.txt', 'handbook'),
      ])) as [string];
      const annSees = await listed(`/v2/users/${user.Ann}/documents`, login.Ann);
      assert.deepEqual(idsOf(annSees), [annDoc, forEmployees].sort());
      assertProblem(await req('GET', `/v2/documents/${managersOnly}`, undefined, login.Ann), 404);
      assert.equal((await file(managersOnly, login.Ann)).status, 404);
      const list = await req('GET', '/v2/documents/', undefined, login.Ann);
      assert.deepEqual(idsOf(list.body), [annDoc, forEmployees].sort());
      assert.equal(list.headers['x-total-count'], '2');

      const miaSees = await listed(`/v2/users/${user.Ann}/documents`, login.Mia);
      assert.deepEqual(idsOf(miaSees), [annDoc, managersOnly, forEmployees].sort());
      assert.equal(miaSees.find((d) => d._id === managersOnly).accessGroup, 'objectmanager');
      const res = await file(managersOnly, login.Mia);
      assert.equal(res.status, 200);
      assert.equal(res.body, 'performance review');
    });

    test("an employee sees no other user's documents and may not delete them", async () => {
      const [bobDoc] = await uploaded([['userId', user.Bob!], text('bob.txt', "Bob's")]);
      assertProblem(await req('GET', `/v2/documents/${bobDoc}`, undefined, login.Ann), 404);
      assert.equal((await file(bobDoc!, login.Ann)).status, 404);
      assertProblem(await req('DELETE', `/v2/documents/${bobDoc}`, undefined, login.Ann), 404);
      assertProblem(await req('GET', `/v2/users/${user.Bob}/documents`, undefined, login.Ann), 404);
      [objectDoc] = (await uploaded([['objectId', await newObject('Shared Office')], text('o.txt', 'object doc')])) as [
        string,
      ];
      assertProblem(await req('GET', `/v2/documents/${objectDoc}`, undefined, login.Ann), 404);
      assert.equal((await ok('GET', `/v2/documents/${bobDoc}`))._id, bobDoc);
    });

    test('the documents list of another user is 404 for an employee, as that user is', async () => {
      assertProblem(await req('GET', `/v2/users/${user.Bob}`, undefined, login.Ann), 404);
      assertProblem(await req('GET', `/v2/users/${user.Bob}/documents`, undefined, login.Ann), 404);
    });

    test('an employee deletes their own document', async () => {
      assert.deepEqual(await ok('DELETE', `/v2/documents/${annDoc}`, undefined, 200, login.Ann), { deleted: true });
      assertProblem(await req('GET', `/v2/documents/${annDoc}`), 404);
    });
  });
});

describe('DELETE /documents/{id}', () => {
  test('→ {deleted: true}; the file is gone and the document no longer listed; again → 404', async () => {
    const objectId = await newObject('Delete Office');
    const [keep, drop] = await uploaded([['objectId', objectId], text('keep.txt', 'keep'), text('drop.txt', 'drop')]);
    assert.ok(storedFiles(admin.companyId).includes(drop!));
    assert.deepEqual(await ok('DELETE', `/v2/documents/${drop}`), { deleted: true });
    assert.equal((await file(drop!)).status, 404);
    assertProblem(await req('GET', `/v2/documents/${drop}`), 404);
    assert.deepEqual(idsOf(await listed(`/v2/objects/${objectId}/documents`)), [keep!]);
    assert.equal(storedFiles(admin.companyId).includes(drop!), false, 'the stored file is removed');
    assert.ok(storedFiles(admin.companyId).includes(keep!));
    assertProblem(await req('DELETE', `/v2/documents/${drop}`), 404);
    assertProblem(await req('DELETE', `/v2/documents/${keep}`, undefined, other.headers), 404);
    assert.equal((await file(keep!)).body, 'keep');
  });
});
