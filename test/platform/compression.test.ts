// Compressed answers: JSON over 1 kB, the OpenAPI document and the reference page's script go as br or
// gzip to clients that ask, decode to the very bytes sent uncompressed, and say Vary: Accept-Encoding;
// small answers and clients that ask for nothing get plain bytes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedEncoding, MIN_BYTES } from '../../src/platform/http/compression.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Compression');
  for (let i = 0; i < 12; i++) await call(t.app, 'POST', '/v2/customers/', admin.headers, { name: `Customer ${i}` });
});
after(() => t.close());

const decode = (encoding: string, bytes: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;

/** The answer as sent for an Accept-Encoding (undefined: none sent). */
async function get(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

describe('compressed answers', () => {
  test('a JSON list over 1 kB: br and gzip as asked, the same bytes once decoded, Vary on each', async () => {
    const plain = await get('/v2/customers/', undefined, admin.headers);
    assert.equal(plain.status, 200);
    assert.ok(plain.bytes.length > MIN_BYTES, `the list is ${plain.bytes.length} bytes`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(String(plain.headers.vary), /accept-encoding/i);
    for (const [asked, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await get('/v2/customers/', asked, admin.headers);
      assert.equal(res.headers['content-encoding'], expected, asked);
      assert.match(String(res.headers.vary), /accept-encoding/i);
      assert.ok(res.bytes.length < plain.bytes.length / 2, `${expected}: ${res.bytes.length} of ${plain.bytes.length}`);
      assert.equal(Number(res.headers['content-length']), res.bytes.length);
      assert.deepEqual(decode(expected, res.bytes), plain.bytes);
    }
  });

  test('small answers and clients asking for neither go uncompressed', async () => {
    const problem = await get('/v2/users/', 'br, gzip'); // 401 problem+json, a few hundred bytes
    assert.equal(problem.status, 401);
    assert.ok(problem.bytes.length <= MIN_BYTES);
    assert.equal(problem.headers['content-encoding'], undefined);
    JSON.parse(problem.bytes.toString()); // plain JSON
    const identity = await get('/v2/customers/', 'identity, deflate', admin.headers);
    assert.equal(identity.headers['content-encoding'], undefined);
    JSON.parse(identity.bytes.toString());
  });

  test('the OpenAPI document: compressed once, the same bytes in every encoding', async () => {
    const plain = await get('/v2/openapi.json');
    assert.equal(plain.headers['content-encoding'], undefined);
    JSON.parse(plain.bytes.toString());
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/v2/openapi.json', encoding);
      assert.equal(res.headers['content-encoding'], encoding);
      assert.match(String(res.headers.vary), /accept-encoding/i);
      assert.ok(res.bytes.length < plain.bytes.length / 5, `${encoding}: ${res.bytes.length} of ${plain.bytes.length}`);
      assert.deepEqual(decode(encoding, res.bytes), plain.bytes);
      assert.deepEqual((await get('/v2/openapi.json', encoding)).bytes, res.bytes, 'the kept bytes again');
    }
  });

  test('the reference page script: br under 1 MB, gzip and plain the same script', async () => {
    const br = await get('/v2/docs/js/scalar.js', 'gzip, deflate, br');
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers['content-type']), /^application\/javascript/);
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.ok(br.bytes.length < 1_000_000, `${br.bytes.length} bytes`);
    const plain = await get('/v2/docs/js/scalar.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(plain.bytes.subarray(0, 200).toString(), /^\(function\(\)/);
    assert.deepEqual(brotliDecompressSync(br.bytes), plain.bytes);
    const gzip = await get('/v2/docs/js/scalar.js', 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.bytes), plain.bytes);
  });
});

describe('acceptedEncoding', () => {
  test('br before gzip, q=0 refuses, * counts as br, nothing named means none', () => {
    assert.equal(acceptedEncoding('gzip, br'), 'br');
    assert.equal(acceptedEncoding('gzip;q=1.0, br;q=0'), 'gzip');
    assert.equal(acceptedEncoding('x-gzip'), 'gzip');
    assert.equal(acceptedEncoding('*'), 'br');
    assert.equal(acceptedEncoding(['deflate', 'gzip']), 'gzip');
    assert.equal(acceptedEncoding('identity'), undefined);
    assert.equal(acceptedEncoding('gzip;q=0'), undefined);
    assert.equal(acceptedEncoding(undefined), undefined);
  });
});
