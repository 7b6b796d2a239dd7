// The web console as the server serves it at /app (src/platform/http/console-app.ts): index.html for every
// screen, hashed assets cached for good, a strict Content-Security-Policy, a 503 problem when it is not built,
// no file outside the build, no credentials needed, and nothing of it in the OpenAPI document.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { registerConsoleApp } from '../../src/platform/http/console-app.js';
import { registerProblemHandlers } from '../../src/platform/http/problem.js';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let build: ConsoleBuild;
before(async () => {
  build = await buildConsoleForTest();
  t = await createTestApp({}, { consoleDir: build.dir });
});
after(async () => {
  await t.close();
  build.remove();
});

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });
const script = () => build.files.find((file) => file.path.endsWith('.js'))!.path;
const styles = () => build.files.find((file) => file.path.endsWith('.css'))!.path;

describe('the console at /app', () => {
  test('index.html names the hashed script and stylesheet, has no inline script, and is revalidated', async () => {
    for (const url of ['/app', '/app/']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.match(script(), /^assets\/main-[A-Z0-9]+\.js$/);
      assert.ok(res.body.includes(`<script type="module" src="/app/${script()}"></script>`));
      assert.ok(res.body.includes(`href="/app/${styles()}"`));
      assert.doesNotMatch(res.body, /<script(?![^>]*\ssrc=)[^>]*>/, 'no inline script');
      assert.doesNotMatch(res.body, /(src|href)="(https?:)?\/\//, 'nothing from another host');
    }
    assert.equal((await get('/app', 'HEAD')).statusCode, 200);
  });

  test('a strict Content-Security-Policy on every answer', async () => {
    for (const url of ['/app', `/app/${script()}`, '/app/sw.js']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      assert.match(csp, /default-src 'none'/, url);
      assert.match(csp, /script-src 'self'(;|$)/, url);
      assert.match(csp, /connect-src 'self'(;|$)/, url);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/, url);
    }
  });

  test('screens of the console are index.html; file-like unknown paths are 404 problems', async () => {
    const index = (await get('/app')).body;
    for (const url of ['/app/crew', '/app/x', '/app/board/week-2']) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.body, index, url);
    }
    for (const url of ['/app/assets/main-NOTBUILT.js', '/app/favicon.ico', '/app/missing.png']) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    }
  });

  test('hashed assets are cached for a year; the service worker is revalidated', async () => {
    const js = await get(`/app/${script()}`);
    assert.equal(js.statusCode, 200);
    assert.match(String(js.headers['content-type']), /^text\/javascript/);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    const css = await get(`/app/${styles()}`);
    assert.match(String(css.headers['content-type']), /^text\/css/);
    assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
    const worker = await get('/app/sw.js');
    assert.equal(worker.statusCode, 200);
    assert.equal(worker.headers['cache-control'], 'no-cache');
    assert.ok(worker.body.includes(`/app/${script()}`), 'the worker keeps the current script');
  });

  test('text files go gzipped to a client that takes gzip, plain to one that does not', async () => {
    for (const url of ['/app', `/app/${script()}`, `/app/${styles()}`, '/app/sw.js']) {
      const plain = await get(url);
      assert.equal(plain.headers['content-encoding'], undefined, url);
      const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      assert.equal(zipped.statusCode, 200, url);
      assert.equal(zipped.headers['content-encoding'], 'gzip', url);
      assert.equal(zipped.headers.vary, 'accept-encoding', url);
      assert.equal(gunzipSync(zipped.rawPayload).toString(), plain.body, url);
    }
    const first = build.files.reduce((sum, file) => sum + file.gzipped, 0);
    assert.ok(first < 60 * 1024, `first load ${first} bytes gzipped: over the 60 kB budget (docs/console.md)`);
  });

  test('the manifest makes it installable with the crew view as start page', async () => {
    const res = await get('/app/manifest.webmanifest');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/manifest\+json/);
    const manifest = res.json();
    assert.equal(manifest.start_url, '/app/crew');
    assert.equal(manifest.display, 'standalone');
    assert.deepEqual(
      manifest.icons.map((icon: { sizes: string }) => icon.sizes),
      ['any', '192x192', '512x512', '512x512'], // the last one maskable
    );
    for (const icon of manifest.icons) {
      const res = await get(icon.src);
      assert.equal(res.statusCode, 200, icon.src);
      assert.equal(res.headers['content-type'], icon.type, icon.src);
    }
  });

  test('no path leaves the build folder (a problem, or index.html for what looks like a screen)', async () => {
    const index = (await get('/app')).body;
    for (const url of [
      '/app/../package.json',
      '/app/..%2fpackage.json',
      '/app/%2e%2e/package.json',
      '/app/%2e%2e%2f%2e%2e%2fpackage.json',
      '/app/assets/..%2f..%2f..%2fpackage.json',
      '/app/assets/%2e%2e/index.html',
      '/app/..\\package.json',
      '/app/%00sw.js',
      '/app//etc/passwd',
      '/app/sw.js.gz',
    ]) {
      const res = await get(url);
      if (res.statusCode === 200) assert.equal(res.body, index, url);
      else assert.ok([400, 404].includes(res.statusCode), `${url}: ${res.statusCode}`);
      assert.doesNotMatch(res.body, /"name": "crewbase"|root:/, url);
    }
  });

  test('served without credentials and left out of the OpenAPI document', async () => {
    const route = t.app.routeList.filter((entry) => entry.url.startsWith('/app'));
    assert.deepEqual(
      route.map((entry) => [entry.url, entry.isPublic]),
      [
        ['/app', true],
        ['/app/*', true],
      ],
    );
    const doc = (await get('/v2/openapi.json')).json();
    assert.deepEqual(
      Object.keys(doc.paths).filter((path) => path.startsWith('/app')),
      [],
    );
  });
});

test('without a build, /app answers a 503 problem that says how to build it', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'crewbase-no-console-'));
  const app = Fastify();
  registerProblemHandlers(app);
  registerConsoleApp(app, join(empty, 'app'));
  try {
    for (const url of ['/app', '/app/crew', '/app/sw.js', '/app/assets/main-ABC.js']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 503, url);
      assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
      assert.match(res.json().detail, /npm run build/);
    }
  } finally {
    await app.close();
    rmSync(empty, { recursive: true, force: true });
  }
});
