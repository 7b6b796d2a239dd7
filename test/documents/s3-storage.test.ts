// Documents in an S3-compatible bucket (DOCUMENT_STORAGE=s3://…): upload, download with a range,
// delete; against a real S3-protocol server on 127.0.0.1 (s3rver).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { call, createTestApp, signup, type TestApp } from '../helpers/test-app.js';

let server: S3rver;
let directory: string;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signup>>;

before(async () => {
  directory = mkdtempSync(join(tmpdir(), 'crewbase-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'crewbase-docs', configs: [] }],
  });
  const { port } = await server.run();
  t = await createTestApp({
    DOCUMENT_STORAGE: 's3://crewbase-docs/tenant-files',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  admin = await signup(t.app, 'Bucket GmbH');
});
after(async () => {
  await t?.close(); // undefined when `before` failed: what it started must still be stopped
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

function multipart(objectId: string, fileName: string, content: Buffer) {
  const boundary = 's3-test-boundary';
  return {
    headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="objectId"\r\n\r\n${objectId}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

function storedObjects(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('._S3rver_object')) found.push(join(dir, entry.name));
    }
  };
  walk(directory);
  return found;
}

describe('S3 document storage', () => {
  test('a file goes to the bucket under the prefix, comes back whole and in ranges, and goes when deleted', async () => {
    const objectId = (await call(t.app, 'POST', '/v2/objects/', admin.headers, { name: 'Depot' })).body._id;
    const content = Buffer.from('Schlüssel liegt beim Hausmeister, Raum 0.12');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v2/documents/',
      ...multipart(objectId, 'hinweis.txt', content),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const { _id: id } = JSON.parse(upload.body);
    const stored = storedObjects();
    assert.equal(stored.length, 1);
    assert.ok(stored[0]!.includes(join('crewbase-docs', 'tenant-files', admin.companyId, id)), stored[0]);

    const whole = await t.app.inject({ method: 'GET', url: `/v2/documents/${id}/file`, headers: admin.headers });
    assert.equal(whole.statusCode, 200);
    assert.deepEqual(whole.rawPayload, content);
    assert.equal(whole.headers['content-length'], String(content.length));
    const part = await t.app.inject({
      method: 'GET',
      url: `/v2/documents/${id}/file`,
      headers: { ...admin.headers, range: 'bytes=0-9' },
    });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 0-9/${content.length}`);
    assert.deepEqual(part.rawPayload, content.subarray(0, 10));

    assert.deepEqual((await call(t.app, 'DELETE', `/v2/documents/${id}`, admin.headers)).body, { deleted: true });
    assert.equal(storedObjects().length, 0);
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/v2/documents/${id}/file`, headers: admin.headers })).statusCode,
      404,
    );
  });
});
