// The crew app as an installed PWA, in Debian's chromium against the real server (127.0.0.1 only): the manifest
// parses without errors and Chromium finds nothing against installing it (DevTools' Page.getInstallabilityErrors);
// it names the crew view as start, /app/ as scope, standalone display, colours, lang and dir, and icons of 192 and
// 512 px (one maskable) whose PNGs are the sizes they claim; offline, the service worker opens any page of the
// app from the kept shell (the start page among them), not the browser's error page.
// test-run: process console-browser-3 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import { CHROMIUM, PHONE, openConsoleBrowser, type ConsoleBrowser } from '../helpers/console-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('crew app: installable PWA with an offline start page', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let browser: ConsoleBrowser;

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    // A profile on disk: Chromium reports no page of an off-the-record context installable.
    browser = await openConsoleBrowser(t.app, { viewport: PHONE, persistentProfile: true });
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  test('the manifest parses cleanly and Chromium reports no installability error', async () => {
    const { page, origin, context } = browser;
    await page.goto(`${origin}/app/crew`);
    // Installability needs the service worker in control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    assert.equal(parsed.url, `${origin}/app/manifest.webmanifest`);
    assert.deepEqual(parsed.errors, []);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    await cdp.detach();
  });

  test('start, scope, display, colours, lang, dir; icons of the sizes they claim, one maskable', async () => {
    const { page, origin } = browser;
    const response = await page.request.get(`${origin}/app/manifest.webmanifest`);
    assert.equal(response.status(), 200);
    assert.match(response.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    assert.equal(manifest.start_url, '/app/crew');
    assert.equal(manifest.scope, '/app/');
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.name && manifest.short_name);
    assert.match(String(manifest.theme_color), /^#[0-9a-f]{6}$/i);
    assert.match(String(manifest.background_color), /^#[0-9a-f]{6}$/i);
    assert.equal(manifest.lang, 'en');
    assert.equal(manifest.dir, 'ltr');
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const icon of pngs) {
      const file = await page.request.get(`${origin}${icon.src}`);
      assert.equal(file.status(), 200, icon.src);
      const { width, height } = pngSize(await file.body());
      assert.equal(`${width}x${height}`, icon.sizes, icon.src);
    }
    const sizes = (purpose: string) =>
      pngs.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes);
    assert.ok(sizes('any').includes('192x192') && sizes('any').includes('512x512'), `any: ${sizes('any')}`);
    assert.ok(sizes('maskable').includes('512x512'), `maskable: ${sizes('maskable')}`);
  });

  test('offline, the start page and any other page of the app open from the kept shell', async () => {
    const { page, origin, context } = browser;
    await page.goto(`${origin}/app/crew`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    try {
      for (const path of ['/app/crew', '/app/crew?source=homescreen', '/app/board']) {
        const answer = await page.goto(`${origin}${path}`);
        assert.equal(answer?.status(), 200, path);
        assert.ok(answer?.fromServiceWorker(), `${path} from the service worker`);
        // The app itself runs: signed out, its sign-in form.
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
      }
    } finally {
      await context.setOffline(false);
    }
  });
});
