// The manager's approvals screen in a real browser (Debian's chromium, driven by playwright-core) against the
// real server: reached from the board through the header's navigation (the session kept), an open absence
// approved with its affected job listed and replaced, another declined with a comment (and a refusal shown
// with the problem's detail), a time entry with a plausibility error corrected and approved, a material order
// approved: each checked through the API. DNS is cut off for every other host.
// UPDATE_SCREENSHOTS=1 writes docs/screenshots/approvals-absence-*.png (desktop 1280×800 and phone 390×844);
// the compact list at volume is approvals-volume.test.ts.
// test-run: process console-browser-1 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import {
  CHROMIUM,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  screenshotPath,
  openConsoleBrowser,
  type ConsoleBrowser,
  thisWeekAt,
  signUpNamed,
} from '../helpers/console-browser.js';
import { PASSWORD } from '../helpers/principals.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

const at = thisWeekAt;

interface Entry {
  timeStart: string;
  break: number | null;
  approved: boolean | null;
  editedByManager: boolean | null;
  errors: string[];
}

describe('approvals in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let headers: Record<string, string>;
  let username: string;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let browser: ConsoleBrowser | undefined;
  const ids = {
    erik: '',
    fritz: '',
    absentJob: '',
    clockedJob: '',
    absence: '',
    later: '',
    entry: '',
    clean: '',
    order: '',
  };

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    username = 'approvals-admin';
    headers = await signUpNamed(t.app, 'Approvals Office', username);
    const user = async (id: string, firstName: string, lastName: string) =>
      (await api('POST', '/v2/users/', { id, general: { firstName, lastName } }))._id as string;
    ids.erik = await user('erik', 'Erik', 'Engel');
    ids.fritz = await user('fritz', 'Fritz', 'Frank');
    const object = async (name: string) => (await api('POST', '/v2/objects/', { name }))._id as string;
    const job = async (objectName: string, day: number) =>
      (
        await api('POST', '/v2/jobs/', {
          userId: ids.erik,
          objectId: await object(objectName),
          from: at(day, 8),
          to: at(day, 10),
        })
      )._id as string;
    ids.absentJob = await job('Harbour Office', 3);
    ids.clockedJob = await job('Mill Street', 0);
    ids.absence = (
      await api('POST', '/v2/absences/', { type: 1, userId: ids.erik, dtStart: at(3, 0), dtEnd: at(3, 20) })
    )._id;
    ids.later = (
      await api('POST', '/v2/absences/', { type: 2, userId: ids.erik, dtStart: at(9, 0), dtEnd: at(10, 20) })
    )._id;
    // Clocked in two hours before the job's start: a plausibility error (STARTED_TOO_EARLY).
    const entry = await api('POST', '/v2/timeTracking/', {
      userId: ids.erik,
      jobId: ids.clockedJob,
      timeStart: at(0, 6),
      timeEnd: at(0, 10),
    });
    ids.entry = entry._id;
    assert.ok(((await api('GET', `/v2/timeTracking/${ids.entry}`)) as Entry).errors.includes('STARTED_TOO_EARLY'));
    // A later entry without errors: listed after the one with errors although newer.
    ids.clean = (
      await api('POST', '/v2/timeTracking/', { userId: ids.fritz, timeStart: at(1, 8), timeEnd: at(1, 10) })
    )._id;
    ids.order = (
      await api('POST', '/v2/orders/', {
        userId: ids.erik,
        objectId: await object('Depot West'),
        customOrder: true,
        items: [{ name: 'Glass cleaner', quantity: 3, unit: 'bottles' }],
      })
    )._id;

    browser = await openConsoleBrowser(t.app);
    ({ origin, context, page } = browser);
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  async function screenshot(name: string) {
    if (!SCREENSHOTS) return;
    await page.screenshot({ path: screenshotPath(`${name}-desktop`), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: screenshotPath(`${name}-phone`) });
    await page.setViewportSize(DESKTOP);
  }

  const item = (text: string | RegExp) => page.locator('.approval-item', { hasText: text });

  test('the navigation leads from the board to the approvals, keeping the session', async () => {
    await page.goto(`${origin}/app`);
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Planning board' }).waitFor();
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Approvals' }).click();
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/app/approvals');
    assert.equal(await page.getByLabel('Password').count(), 0, 'still signed in');
    // Counts per section; the entry with a plausibility error is marked.
    await page.getByRole('heading', { name: 'Absence requests (2)' }).waitFor();
    await page.getByRole('heading', { name: 'Time entries to approve (2)' }).waitFor();
    const order = await page
      .getByRole('region', { name: /Time entries/ })
      .locator('[data-entry-id]')
      .evaluateAll((found) => found.map((element) => element.getAttribute('data-entry-id')));
    assert.deepEqual(order, [ids.entry, ids.clean], 'the entry off plan first');
    await page.getByRole('heading', { name: 'Material orders (1)' }).waitFor();
    await page
      .locator(`[data-entry-id="${ids.entry}"].deviates`)
      .getByText("Clocked in earlier than the job's start")
      .waitFor();
    await item('Depot West').getByText('3 bottles Glass cleaner').waitFor();
  });

  test('approving an absence lists its affected job, whose replacement is one click away', async () => {
    await page.getByRole('button', { name: 'Approve the absence of Erik Engel' }).first().click();
    await page.getByRole('status').getByText('Absence of Erik Engel approved.').waitFor();
    const affected = page.getByRole('region', { name: 'Jobs affected by the absence of Erik Engel' });
    await affected.getByText('Harbour Office').waitFor();
    await page.getByRole('heading', { name: 'Absence requests (1)' }).waitFor();
    const job = await api('GET', `/v2/jobs/${ids.absentJob}`);
    const marked = job.absenceId === ids.absence || JSON.stringify(job.absences ?? []).includes(ids.absence);
    assert.ok(marked, `the job carries the absence: ${JSON.stringify(job)}`);
    await screenshot('approvals-absence');
    await affected.getByRole('button', { name: 'Replace with Fritz Frank' }).click();
    await page.getByText('Replacement job created for Fritz Frank.').waitFor();
    await affected.getByText('A replacement job exists.').waitFor();
    // Usable on a small phone: the screen itself is no wider than 360 px (the shared header is the shell's).
    await page.setViewportSize({ width: 360, height: 740 });
    const fits = await page.evaluate(() => {
      const main = document.querySelector('main.approvals')!;
      return main.getBoundingClientRect().right <= 360 && main.scrollWidth <= main.clientWidth;
    });
    assert.ok(fits, 'the approvals fit 360 px');
    await page.setViewportSize(DESKTOP);
    assert.ok((await api('GET', `/v2/jobs/${ids.absentJob}`)).replacementJobId, 'a replacement job exists');
  });

  test("a refused decline shows the problem's detail; a decline with a comment is recorded", async () => {
    const decline = page.getByRole('button', { name: 'Decline the absence of Erik Engel' });
    await context.route(`**/v2/absences/${ids.later}/decline`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'Not now, says the API' }),
      }),
    );
    await decline.click();
    await page.getByRole('alert').getByText('Not done: Not now, says the API').waitFor();
    await context.unroute(`**/v2/absences/${ids.later}/decline`);
    await page.getByLabel('Comment (optional, for a decline)').fill('Too many away that week');
    await decline.click();
    await page.getByText('No open absence requests.').waitFor();
    const later = await api('GET', `/v2/absences/${ids.later}`);
    assert.equal(later.state, 'declined');
    assert.equal(later.declineComment, 'Too many away that week');
  });

  test('a time entry with a plausibility error is corrected, then approved (checked through the API)', async () => {
    await page.getByRole('button', { name: 'Correct the entry of Erik Engel' }).click();
    const form = page.getByRole('form', { name: 'Correct the entry of Erik Engel' });
    const local = (iso: string) =>
      page.evaluate((value) => {
        const d = new Date(value);
        return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      }, iso);
    await form.getByLabel('Start').fill(await local(at(0, 8)));
    await form.getByLabel('Break (minutes)').fill('15');
    await form.getByLabel('Reason for the correction').fill('Clocked in at home by mistake');
    await form.getByRole('button', { name: 'Save correction' }).click();
    await page.getByText('Entry of Erik Engel corrected.').waitFor();
    const corrected = (await api('GET', `/v2/timeTracking/${ids.entry}`)) as Entry;
    assert.equal(Date.parse(corrected.timeStart), Date.parse(at(0, 8)));
    assert.equal(corrected.break, 900);
    assert.equal(corrected.editedByManager, true);
    assert.deepEqual(corrected.errors, []);
    await page.getByRole('button', { name: 'Approve the entry of Erik Engel' }).click();
    await page.getByText('Entry of Erik Engel approved.').waitFor();
    await page.getByRole('heading', { name: 'Time entries to approve (1)' }).waitFor();
    assert.equal(((await api('GET', `/v2/timeTracking/${ids.entry}`)) as Entry).approved, true);
  });

  test('a material order is approved (checked through the API)', async () => {
    await page.getByRole('button', { name: 'Approve the order for Depot West' }).click();
    await page.getByText('Order for Depot West approved.').waitFor();
    await page.getByText('No material orders waiting for approval.').waitFor();
    assert.equal((await api('GET', `/v2/orders/${ids.order}`)).approved, true);
  });

  test('the screen speaks German on request', async () => {
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Freigaben', level: 1 }).waitFor();
    await page.getByText('Keine Materialbestellungen warten auf Freigabe.').waitFor();
    await page.getByLabel('Sprache').selectOption('en');
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
