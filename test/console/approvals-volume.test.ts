// Approvals at volume in a real browser (Debian's chromium, playwright-core) against the real server: 30
// people, 8 objects and 90 time entries of last week, 60 of them off plan. A manager who approves but does not
// plan (a custom access group) lands on the approval queue with its counts; the compact list shows planned
// beside clocked time; only deviations filtered, all shown selected and approved in one action (checked through
// the API); an entry corrected in the side panel (checked through the API), Escape returning the focus.
// UPDATE_SCREENSHOTS=1 writes docs/screenshots/approvals-desktop.png and approvals-phone.png.
// test-run: process console-browser-3 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
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
} from '../helpers/console-browser.js';
import { PASSWORD } from '../helpers/principals.js';
import { call, createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jonas'];
const LAST = ['Albers', 'Becker', 'Claassen'];
const OBJECTS = [
  'Town Hall',
  'Harbour Office',
  'Mill Street 4',
  'Depot West',
  'City Library',
  'Riverside School',
  'Market Hall',
  'Old Post Office',
];
/** Last week's day (0 = Monday) at `hour` UTC. */
const lastWeek = (day: number, hour: number, minute = 0) =>
  new Date(Date.parse(thisWeekAt(day - 7, hour)) + minute * 60_000).toISOString();

describe('approvals at volume in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let admin: Tenant;
  let browser: ConsoleBrowser | undefined;
  let page: Page;
  let origin: string;
  const manager = 'time-manager';
  const entries: Array<{ id: string; deviates: boolean; name: string }> = [];

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, admin.headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    admin = await signup(t.app, 'Busy Week');
    // Approves times and absences, reads jobs and people, plans nothing: the start page is the approval queue.
    const group = await api('POST', '/v2/accessGroups/', {
      name: 'time manager',
      permissions: {
        timeTracking: { read: 'all', write: 'all' },
        absences: { read: 'all', write: 'all' },
        jobs: { read: 'all' },
        users: { read: 'all' },
        objects: { read: 'all' },
      },
    });
    await api('POST', '/v2/users/', { id: manager, password: PASSWORD, accessGroupId: group._id });
    const objectIds: string[] = [];
    for (const name of OBJECTS) objectIds.push((await api('POST', '/v2/objects/', { name }))._id);
    let k = 0;
    for (let p = 0; p < 30; p += 1) {
      const name = `${FIRST[p % 10]} ${LAST[Math.floor(p / 10)]}`;
      const [firstName, lastName] = name.split(' ');
      const userId = (await api('POST', '/v2/users/', { general: { firstName, lastName } }))._id;
      for (let day = 0; day < 3; day += 1, k += 1) {
        const from = lastWeek(day, 7 + (p % 4));
        const to = lastWeek(day, 11 + (p % 4));
        const objectId = objectIds[(p + day) % objectIds.length];
        const job = await api('POST', '/v2/jobs/', { userId, objectId, from, to, title: 'Cleaning' });
        // On plan, 45 minutes longer, or 75 minutes late (a plausibility error).
        const kind = k % 3;
        const timeStart = kind === 2 ? lastWeek(day, 7 + (p % 4), 75) : from;
        const timeEnd = kind === 1 ? lastWeek(day, 11 + (p % 4), 45) : to;
        const entry = await api('POST', '/v2/timeTracking/', { userId, jobId: job._id, timeStart, timeEnd });
        entries.push({ id: entry._id, deviates: kind !== 0, name });
      }
    }
    browser = await openConsoleBrowser(t.app);
    ({ origin, page } = browser);
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  const table = () => page.getByRole('region', { name: /Time entries/ }).getByRole('table');
  const rowOf = (id: string) => page.locator(`tr[data-entry-id="${id}"]`);

  test('a manager who approves but does not plan lands on the approval queue with its counts', async () => {
    await page.goto(`${origin}/app`);
    await page.getByLabel('User name').fill(manager);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/app/approvals');
    await page.getByRole('heading', { name: 'Time entries to approve (90)' }).waitFor();
    const counts = page.getByRole('list', { name: 'Waiting for you' });
    await counts.getByRole('link', { name: '90 Time entries to approve' }).waitFor();
    await counts.getByRole('link', { name: '0 Absence requests' }).waitFor();
    assert.equal(await counts.getByRole('link', { name: /Material orders/ }).count(), 0, 'no orders without the right');
    // One line per entry: planned beside clocked, the deviation, the flag.
    assert.equal(await table().locator('tbody tr').count(), 90);
    assert.equal(await page.locator('form').count(), 0, 'no form per row');
    const longer = entries.find((_e, i) => i % 3 === 1)!;
    await rowOf(longer.id).getByRole('cell', { name: '+0:45' }).waitFor();
    const late = entries.find((_e, i) => i % 3 === 2)!;
    await rowOf(late.id).getByText("Clocked in later than the job's start").waitFor();
    await rowOf(late.id).getByRole('cell', { name: '−1:15' }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    if (SCREENSHOTS) {
      await page.getByLabel('Period').selectOption('lastWeek');
      await page.getByText('90 of 90 shown.').waitFor();
      await page.screenshot({ path: screenshotPath('approvals-desktop') });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: screenshotPath('approvals-phone') });
      await page.setViewportSize(DESKTOP);
    }
  });

  test('a correction in the side panel is saved (checked through the API); Escape returns the focus', async () => {
    const target = entries[1]!;
    const opener = rowOf(target.id).getByRole('button', { name: `Correct the entry of ${target.name}` });
    await opener.click();
    const form = page.getByRole('form', { name: `Correct the entry of ${target.name}` });
    await form.waitFor();
    assert.equal(await page.locator('form').count(), 1, 'one panel');
    assert.equal(await form.getByLabel('Start').evaluate((el) => el === document.activeElement), true);
    await form.getByLabel('Break (minutes)').fill('20');
    await form.getByLabel('Reason for the correction').fill('Forgot the break');
    await form.getByRole('button', { name: 'Save correction' }).click();
    await page.getByRole('status').getByText(`Entry of ${target.name} corrected.`).waitFor();
    const corrected = await api('GET', `/v2/timeTracking/${target.id}`);
    assert.equal(corrected.break, 1200);
    assert.equal(corrected.editedByManager, true);
    assert.equal(corrected.approved, false);
    await page
      .getByRole('form', { name: `Correct the entry of ${target.name}` })
      .getByLabel('Break (minutes)')
      .focus();
    await page.keyboard.press('Escape');
    await page.getByRole('form').waitFor({ state: 'detached' });
    assert.equal(await opener.evaluate((el) => el === document.activeElement), true, 'focus back on Correct');
  });

  test('only deviations, all shown selected, approved in one action (checked through the API)', async () => {
    await page.getByLabel('Only deviations').check();
    await page.getByText('60 of 90 shown.').waitFor();
    await page.getByRole('checkbox', { name: 'Select all shown entries' }).check();
    const approve = page.getByRole('button', { name: 'Approve selected (60)' });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/v2/timeTracking/approve')) sent.push(request.postData() ?? '');
    });
    await approve.click();
    await page.getByRole('status').getByText('60 entries approved.').waitFor();
    await page.getByRole('heading', { name: 'Time entries to approve (30)' }).waitFor();
    assert.equal(sent.length, 1, 'one request');
    const open = (await api('GET', '/v2/timeTracking/?approved=false&limit=500')) as Array<{ _id: string }>;
    const approvedIds = (await api('GET', '/v2/timeTracking/?approved=true&limit=500')) as Array<{ _id: string }>;
    assert.deepEqual(
      approvedIds.map((e) => e._id).sort(),
      entries
        .filter((e) => e.deviates)
        .map((e) => e.id)
        .sort(),
    );
    assert.equal(open.length, 30);
    await page.getByText('0 of 30 shown.').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
