// Roles drive the console, in a real browser (Debian's chromium, playwright-core) against the real server:
// three custom access groups made through the API (an absences-only manager, an office clerk with invoicing
// only, a dispatcher without pay). Each signs in, lands on a sensible page, is offered only the screens and
// actions their rights allow, and no reachable page shows an alert or gets a refusal (403) from the API.
// test-run: process console-browser-3 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import { CHROMIUM, openConsoleBrowser, type ConsoleBrowser, thisWeekAt } from '../helpers/console-browser.js';
import { PASSWORD } from '../helpers/principals.js';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

const ALL = { read: 'all', write: 'all' } as const;
const NONE = { read: 'none', write: 'none' } as const;

describe('roles in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let admin: Tenant;
  let browser: ConsoleBrowser | undefined;
  let page: Page;
  let origin: string;
  /** API answers refused (403) since the last sign-in, and every request path. */
  let refused: string[] = [];
  let paths: string[] = [];

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, admin.headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const userIn = async (id: string, name: string, permissions: Record<string, unknown>) => {
    const group = await api('POST', '/v2/accessGroups/', { name, permissions });
    await api('POST', '/v2/users/', { id, password: PASSWORD, accessGroupId: group._id, general: { firstName: name } });
  };

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    admin = await signup(t.app, 'Roles');
    await userIn('absences-manager', 'Absences manager', { absences: ALL, users: { read: 'all' } });
    await userIn('clerk', 'Office clerk', { invoicing: ALL });
    await userIn('dispatcher', 'Dispatcher', {
      '*': ALL,
      salaries: NONE,
      payTypes: NONE,
      accessGroups: NONE,
      apiKeys: NONE,
      company: NONE,
      webhooks: NONE,
    });
    // Work for them: an employee with a job and an open absence on that day.
    const erik = (await api('POST', '/v2/users/', { general: { firstName: 'Erik', lastName: 'Engel' } }))._id;
    const objectId = (await api('POST', '/v2/objects/', { name: 'Harbour Office' }))._id;
    await api('POST', '/v2/jobs/', { userId: erik, objectId, from: thisWeekAt(2, 8), to: thisWeekAt(2, 10) });
    await api('POST', '/v2/absences/', { type: 1, userId: erik, dtStart: thisWeekAt(2, 0), dtEnd: thisWeekAt(2, 20) });
    browser = await openConsoleBrowser(t.app);
    ({ origin, page } = browser);
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
    });
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  async function signIn(username: string) {
    refused = [];
    paths = [];
    await page.context().clearCookies();
    await page.goto(`${origin}/app`);
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('main').first().waitFor();
  }

  /** The screens the navigation offers (none when there is only one). */
  const offered = async () =>
    page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));

  /** Opens every offered screen; none may show an alert or be refused by the API. */
  async function visitEverything(screens: string[]) {
    for (const path of screens.length ? screens : [new URL(page.url()).pathname]) {
      if (screens.length) await page.getByRole('navigation', { name: 'Screens' }).locator(`a[href="${path}"]`).click();
      await page.waitForTimeout(1500); // the screen's requests answered (no idle event after a pushState)
      assert.equal(new URL(page.url()).pathname, path);
      const alerts = await page.getByRole('alert').allTextContents();
      assert.deepEqual(alerts, [], `no alert on ${path}`);
    }
    // Refusals the console answers silently by design (each noted in the report): the board's event feed
    // (administrators only; it reloads the range instead), the user's own language preference, the company's
    // time settings on the assignments screen. Any other refusal fails.
    const silent = /\/v2\/(events\?|users\/[0-9a-f]{24}$|company\/timeAndPaySettings)/;
    assert.deepEqual(
      refused.filter((request) => !silent.test(request)),
      [],
      'no request refused',
    );
  }

  test('an absences-only manager lands on the approvals, with absences only and no replacement offered', async () => {
    await signIn('absences-manager');
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/app/approvals');
    await page.getByRole('heading', { name: 'Absence requests (1)' }).waitFor();
    assert.equal(await page.getByRole('heading', { name: /Time entries/ }).count(), 0);
    assert.equal(await page.getByRole('heading', { name: /Material orders/ }).count(), 0);
    assert.deepEqual(await offered(), [], 'one screen: no navigation');
    await page.getByRole('button', { name: 'Approve the absence of Erik Engel' }).click();
    await page.getByRole('status').getByText('Absence of Erik Engel approved.').waitFor();
    await page.waitForTimeout(1500); // the screen's requests answered (no idle event after a pushState)
    assert.equal(await page.getByRole('button', { name: /Replace with/ }).count(), 0);
    assert.equal(await page.getByText('Only managers').count(), 0);
    await visitEverything([]);
    assert.ok(!paths.some((p) => p.includes('replacementCandidates') || p.startsWith('/v2/jobs')), paths.join(' '));
  });

  test('an office clerk with invoicing only lands on the invoices and never asks for tasks or jobs', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn('clerk');
    await page.waitForURL('**/app/invoices');
    const screens = await offered();
    assert.deepEqual(screens, [], 'one screen: no navigation');
    await visitEverything(screens);
    assert.ok(!paths.some((p) => p.startsWith('/v2/tasks') || p.startsWith('/v2/jobs')), paths.join(' '));
  });

  test('a dispatcher without pay lands on the board; every offered screen opens without an alert', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn('dispatcher');
    await page.getByRole('heading', { name: 'Planning board' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/app/board');
    const screens = await offered();
    assert.ok(screens.includes('/app/approvals') && screens.includes('/app/people'), screens.join(' '));
    await visitEverything(screens);
    assert.ok(!paths.some((p) => p.startsWith('/v2/salaries')), 'no pay asked for');
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
