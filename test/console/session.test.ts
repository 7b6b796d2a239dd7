// The console's session in a real browser (Debian's chromium via the shared helper): signed in once, a
// reload (or a restart of the installed app) resumes the session from the httpOnly refresh cookie without
// the password; sign-out ends it on the server, so a reload shows the sign-in form and the last refresh
// cookie, replayed, is refused (401).
// test-run: process console-browser-1 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import { CHROMIUM, PHONE, openConsoleBrowser, type ConsoleBrowser } from '../helpers/console-browser.js';
import { PASSWORD, createUser, groupIdsOf } from '../helpers/principals.js';
import { createTestApp, signup, type TestApp } from '../helpers/test-app.js';

describe('console session in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let browser: ConsoleBrowser | undefined;
  let page: Page;
  let username: string;

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    const admin = await signup(t.app, 'Session');
    username = (await createUser(t.app, admin.headers, (await groupIdsOf(t.app, admin.headers)).employee)).username;
    browser = await openConsoleBrowser(t.app, { viewport: PHONE });
    page = browser.page;
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  const refreshCookie = async () =>
    (await browser!.context.cookies()).find((cookie) => cookie.name === 'crewbase_refresh');
  const signInForm = () => page.getByRole('heading', { name: 'Sign in to Crewbase' });
  const crewStart = () => page.getByRole('heading', { name: 'Today' });

  test('signing in sets the refresh cookie, httpOnly and SameSite=Strict, which no script can read', async () => {
    await page.goto(`${browser!.origin}/app/crew`);
    await signInForm().waitFor();
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await crewStart().waitFor();
    const cookie = await refreshCookie();
    assert.ok(cookie, 'the refresh cookie is set');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/v2/auth');
    assert.equal(await page.evaluate(() => document.cookie), '', 'not readable by the page');
  });

  test('a reload keeps the session: no password asked', async () => {
    const before = (await refreshCookie())!.value;
    await page.reload();
    await crewStart().waitFor();
    assert.equal(await page.getByLabel('Password').count(), 0, 'no sign-in form');
    assert.notEqual((await refreshCookie())!.value, before, 'the refresh token was rotated');
  });

  test('sign-out ends the session: a reload shows the sign-in form, and the old cookie replayed is 401', async () => {
    const last = (await refreshCookie())!;
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/v2/auth/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    assert.equal((await loggedOut).status(), 200);
    await signInForm().waitFor();
    assert.equal(await refreshCookie(), undefined, 'the cookie is cleared');
    await page.reload();
    await signInForm().waitFor();

    await browser!.context.addCookies([last]);
    const replay = await page.evaluate(async () => {
      const response = await fetch('/v2/auth/refresh', {
        method: 'POST',
        headers: { 'x-crewbase-session': 'cookie' },
      });
      return { status: response.status, type: response.headers.get('content-type') };
    });
    assert.equal(replay.status, 401);
    assert.match(String(replay.type), /^application\/problem\+json/);
    assert.deepEqual(browser!.elsewhere(), [], 'no request left the app');
  });
});
