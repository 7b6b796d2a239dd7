// The API reference at /v2/docs in a real browser (Debian's chromium, driven by playwright-core):
// it works offline, asks no host but ours (no vendor fonts, scripts or telemetry), shows the
// getting-started guide, has none of the vendor's toolbar or buttons, its curl samples carry the
// address the page was served from, and "Test Request" sends straight to this server. DNS is cut
// off for every other host, and every request the page makes is recorded, so a request elsewhere
// fails the test even though it would fail anyway.
// test-run: own process (it waits on chromium; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../helpers/console-browser.js';
import { skipUnless } from '../helpers/debian-tools.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

const CHROMIUM = skipUnless(['chromium'], 'chromium');
/**
 * How long a wait on the page's rendering may take. Rendering the whole document is seconds of
 * chromium CPU (about 6 s on an idle two-core machine); in the suite it shares the cores with the
 * console's browsers, and one CI run took over 20 s for the first heading. The test asserts what
 * is shown, not how fast, so the bound only stops a page that never renders.
 */
const RENDER_TIMEOUT_MS = 90_000;

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

describe('reference page, as served', () => {
  test('the page loads its script from us and turns off vendor fonts, buttons, toolbar and telemetry', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/v2/docs/' });
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /(src|href)="(https?:)?\/\//, 'no script or stylesheet from another host');
    const config = JSON.parse(page.body.match(/createApiReference\('#app', (\{[\s\S]*?\})\)/)![1]!);
    assert.equal(config.withDefaultFonts, false);
    assert.equal(config.hideClientButton, true);
    assert.equal(config.showDeveloperTools, 'never');
    assert.equal(config.telemetry, false);
    assert.deepEqual([config.agent, config.mcp], [{ disabled: true }, { disabled: true }]);
    assert.match(page.body, /<title>Crewbase API reference<\/title>/);
  });

  test('the page has a policy: its own scripts by hash, no other host, no framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/v2/docs/' });
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.match(policy, /default-src 'none'/);
    assert.match(
      policy,
      /script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'(;|$)/,
      'the inline start-up script by hash only',
    );
    assert.doesNotMatch(policy, /script-src[^;]*'unsafe-(inline|eval)'/);
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
  });

  test('the document carries the getting-started guide and a server', async () => {
    const doc = (await call(t.app, 'GET', '/v2/openapi.json', {})).body;
    for (const heading of [
      'Getting started',
      'Sign up',
      'An API key for scripts',
      'First calls',
      'Lists and pagination',
      'Errors',
      'Webhooks',
    ]) {
      assert.match(doc.info.description, new RegExp(`^#+ (\\d\\. )?${heading}$`, 'm'), heading);
    }
    assert.ok(doc.servers?.length >= 1, 'a servers entry, which the curl samples take their address from');
  });
});

describe('reference page in a browser', { skip: CHROMIUM }, () => {
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let profile: string;
  const requests: string[] = [];
  /** What the browser refused under the page's Content-Security-Policy (must stay empty: the page works under it). */
  const violations: string[] = [];

  before(async () => {
    const { chromium } = await import('playwright-core');
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    profile = mkdtempSync(join(tmpdir(), 'crewbase-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    context.on('request', (request) => requests.push(request.url()));
    page = context.pages()[0] ?? (await context.newPage());
    page.on('websocket', (socket) => requests.push(socket.url()));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${origin}/v2/docs`, { waitUntil: 'networkidle' });
  });

  /**
   * Scrolled to the first tag, whose operations render as they come into view; `fresh` loads the page
   * again first (each load renders the whole document: seconds of CPU, so only where a test needs it).
   */
  async function openFirstTag(fresh = false) {
    if (fresh) await page.goto(`${origin}/v2/docs`, { waitUntil: 'networkidle' });
    await page.locator('a[href^="#tag/"]').first().click();
  }

  after(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('the getting-started guide is visible', async () => {
    for (const heading of [/^Getting started$/, /^2\. An API key for scripts$/, /^4\. Lists and pagination$/]) {
      await page
        .getByRole('heading', { name: heading })
        .first()
        .waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
    }
  });

  test('curl samples carry the address the page came from', async () => {
    const sample = `curl ${origin}/v2/`;
    await openFirstTag();
    await page.waitForFunction(
      (s) => [...document.querySelectorAll('pre, code')].some((e) => e.textContent?.includes(s)),
      sample,
      { timeout: RENDER_TIMEOUT_MS },
    );
  });

  test('none of the vendor toolbar, client button, AI or "powered by" link', async () => {
    await page
      .getByRole('heading', { name: /An API key for scripts/ })
      .first()
      .waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
    assert.equal(await page.locator('.references-developer-tools:visible').count(), 0, 'developer toolbar');
    for (const label of ['Open API Client', 'Ask AI', 'Powered by Scalar', 'Share', 'Deploy']) {
      assert.equal(
        await page
          .getByRole('button', { name: label })
          .or(page.getByRole('link', { name: label }))
          .count(),
        0,
        label,
      );
    }
    assert.equal(await page.locator('a[href*="scalar.com"]:visible').count(), 0, 'links to the vendor');
  });

  test('trying an operation sends it to this server directly (no vendor proxy)', async () => {
    await openFirstTag(true); // (once scrolled there, the operations' buttons show only after a fresh load)
    await page
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click({ timeout: RENDER_TIMEOUT_MS });
    const sent = page.waitForRequest(
      (request) => request.url().startsWith(origin) && !/\/v2\/(docs|openapi\.json)/.test(request.url()),
      { timeout: RENDER_TIMEOUT_MS },
    );
    await page.getByRole('button', { name: /^Send/ }).first().click();
    await sent;
    await page.keyboard.press('Escape');
  });

  test('every request went to this server (after trying an operation and scrolling through the page)', async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(2000); // whatever the scroll triggers has started by then
    assert.ok(
      requests.some((url) => url.endsWith('/v2/openapi.json')),
      'the document was fetched',
    );
    const elsewhere = requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin);
    assert.deepEqual(elsewhere, [], 'requests to other hosts');
    assert.deepEqual(violations, [], 'nothing the page needs is refused by its Content-Security-Policy');
  });
});
