// The crew's phone view of the web console in a real browser (Debian's chromium, driven by playwright-core)
// against the real server: sign in as an employee, see today's job, clock in and out with the browser's
// position, clock in while offline (kept as pending, sent when back online, once even when an answer is lost),
// the app shell opening offline (service worker), German on request. DNS is cut off for every other host and
// every request is recorded, so a request elsewhere fails the test.
// UPDATE_SCREENSHOTS=1 writes the screenshots of docs/screenshots/ (phone 390×844 and desktop 1280×800).
// test-run: process console-browser-2 (it waits on chromium, one per process; scripts/test-schedule.mjs)
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
  zoneWhereItIs,
  type ConsoleBrowser,
  waitFor,
} from '../helpers/console-browser.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const POSITION = { latitude: 52.52, longitude: 13.405 };
const MINUTE = 60_000;

interface Entry {
  timeEnd: string | null;
  location: unknown;
  logOutLocation: unknown;
  offline: boolean;
  clientId: string;
}
interface AbsenceRow {
  type: number;
  state: string;
  desc: string;
  dtStart: string;
  dtEnd: string;
}

describe('crew view in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let admin: Tenant;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let browser: ConsoleBrowser | undefined;
  const jobs: Record<'hall' | 'depot', string> = { hall: '', depot: '' };
  const employee = { username: 'anna.crew', password: 'anna-password-1' };
  let employeeId: string;

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, admin.headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const entriesOf = async (jobId: string) => (await api('GET', `/v2/timeTracking/?jobIds=${jobId}`)) as Entry[];

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    admin = await signup(t.app, 'Crew view');
    const groups = (await api('GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
    const userId = (
      await api('POST', '/v2/users/', {
        id: employee.username,
        password: employee.password,
        general: { firstName: 'Anna' },
        accessGroupId: groups.find((group) => group.name === 'employee')!._id,
      })
    )._id;
    // Both started a few minutes ago (so listed under today at any hour) and run for an hour.
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    for (const [key, name, offset] of [
      ['hall', 'Town Hall', 0],
      ['depot', 'Depot North', 5],
    ] as const) {
      const objectId = (await api('POST', '/v2/objects/', { name, location: POSITION }))._id;
      const from = new Date(now - (10 - offset) * MINUTE).toISOString();
      const to = new Date(now + (50 + offset) * MINUTE).toISOString();
      jobs[key] = (await api('POST', '/v2/jobs/', { from, to, userId, objectId }))._id;
    }

    const dueDate = new Date(now + 2 * 86_400_000).toISOString();
    await api('POST', '/v2/tasks/', { title: 'Refill soap dispensers', dueDate, assignee: { entityId: userId } });
    employeeId = userId;

    browser = await openConsoleBrowser(t.app, {
      viewport: PHONE,
      // Midday where the phone is: jobs begun minutes ago are today's at any hour the test runs.
      timezoneId: zoneWhereItIs(12).timezoneId,
      permissions: ['geolocation'],
      geolocation: POSITION,
    });
    ({ origin, context, page } = browser);
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  async function screenshot(name: string) {
    if (!SCREENSHOTS) return;
    await page.screenshot({ path: screenshotPath(`${name}-phone`) });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: screenshotPath(`${name}-desktop`) });
    await page.setViewportSize(PHONE);
  }

  const card = (name: string) => page.locator('li.job', { hasText: name });
  const textOf = async (name: string) => (await card(name).textContent()) ?? '';

  test('the sign-in page asks for user name and password', async () => {
    await page.goto(`${origin}/app/crew`);
    await page.getByRole('heading', { name: 'Sign in to Crewbase' }).waitFor();
    await page.getByLabel('User name').waitFor();
    await page.getByLabel('Password').waitFor();
    await screenshot('sign-in');
  });

  test('a wrong password is refused with a message', async () => {
    await page.getByLabel('User name').fill(employee.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'User name or password is wrong.' }).waitFor();
  });

  test("an employee signs in and sees today's jobs with object, time and state", async () => {
    await page.getByLabel('Password').fill(employee.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Today' }).waitFor();
    await card('Town Hall').waitFor();
    assert.match(await textOf('Town Hall'), /planned/);
    assert.match(await textOf('Town Hall'), /\d\d:\d\d–\d\d:\d\d/);
    await card('Depot North').waitFor();
    await page.getByText('Refill soap dispensers').waitFor(); // my open task
    assert.equal(new URL(page.url()).pathname, '/app/crew');
    await screenshot('crew');
    // Usable on a small phone: nothing wider than 360 px, so no sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'fits 360 px');
    await page.setViewportSize(PHONE);
  });

  test('clock in sends the position; clock out closes the entry', async () => {
    await page.getByRole('button', { name: 'Clock in on Town Hall' }).click();
    await page.getByRole('button', { name: 'Clock out of Town Hall' }).waitFor();
    const [open] = await entriesOf(jobs.hall);
    assert.ok(open);
    assert.equal(open.timeEnd, undefined);
    assert.deepEqual(open.location, POSITION);
    assert.equal(open.offline, false);
    assert.match(await textOf('Town Hall'), /started/);

    await page.getByRole('button', { name: 'Clock out of Town Hall' }).click();
    await card('Town Hall').getByText('completed').waitFor();
    const entries = await entriesOf(jobs.hall);
    assert.equal(entries.length, 1);
    assert.ok(entries[0]!.timeEnd, 'closed');
    assert.deepEqual(entries[0]!.logOutLocation, POSITION);
  });

  test('offline, a clock-in is kept as pending and sent once when back online, even after a lost answer', async () => {
    // The first upload reaches the server but its answer is lost: the console must send it again, with the
    // same clientId, and the server must keep one entry.
    // (A routed request is not cut off by setOffline: the route does it while offline.)
    let offline = false;
    let lost = 0;
    await context.route('**/v2/jobs/*/start', async (route) => {
      if (offline) return route.abort('internetdisconnected');
      if (lost++ > 0) return route.continue();
      await route.fetch();
      return route.abort('connectionreset');
    });
    const setOffline = async (value: boolean) => {
      offline = value;
      await context.setOffline(value);
    };
    await setOffline(true);
    await page.getByRole('button', { name: 'Clock in on Depot North' }).click();
    await card('Depot North').getByText('pending').waitFor();
    await page.getByText('One clock action waiting to be sent').waitFor();
    assert.equal((await entriesOf(jobs.depot)).length, 0, 'nothing sent while offline');
    await screenshot('crew-offline');

    await setOffline(false); // the `online` event: the upload whose answer is lost
    await waitFor(async () => lost === 1 && (await entriesOf(jobs.depot)).length === 1);
    await page.getByText('One clock action waiting to be sent').waitFor(); // still queued: no answer came
    await setOffline(true);
    await setOffline(false); // online again: sent again, answered this time
    await page.getByText('One clock action waiting to be sent').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Clock out of Depot North' }).waitFor();
    assert.equal(lost, 2);
    const entries = await entriesOf(jobs.depot);
    assert.equal(entries.length, 1, 'one entry for the repeated upload');
    assert.equal(entries[0]!.offline, true);
    assert.match(entries[0]!.clientId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(entries[0]!.location, POSITION);
    await context.unroute('**/v2/jobs/*/start');
  });

  test('an absence request is sent for the signed-in employee and listed as requested', async () => {
    await page.getByLabel('Kind').selectOption({ label: 'Vacation' });
    const year = new Date().getFullYear() + 1;
    await page.getByLabel('First day').fill(`${year}-03-01`);
    await page.getByLabel('Last day').fill(`${year}-03-05`);
    await page.getByLabel('Note (optional)').fill('Family visit');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.getByRole('status').filter({ hasText: 'Your request was sent.' }).waitFor();
    await page.locator('.absences li', { hasText: 'Vacation' }).getByText('requested').waitFor();
    const [absence, ...more] = (await api('GET', `/v2/absences/?userIds=${employeeId}`)) as AbsenceRow[];
    assert.ok(absence);
    assert.equal(more.length, 0);
    assert.equal(absence.type, 2);
    assert.equal(absence.state, 'open');
    assert.equal(absence.desc, 'Family visit');
    assert.match(absence.dtStart, new RegExp(`^${year}-03-01`));
    assert.match(absence.dtEnd, new RegExp(`^${year}-03-05`));
  });

  test('the app opens offline from the service worker, and speaks German on request', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    try {
      await page.reload();
      // The device kept who was signed in and their jobs: no password offline (crew-offline.test.ts).
      await page.getByRole('heading', { level: 1, name: 'My jobs, Anna' }).waitFor();
      assert.equal(await page.getByLabel('Password').count(), 0);
    } finally {
      await context.setOffline(false);
    }
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Ausstempeln bei Depot North' }).waitFor();
    assert.match(await textOf('Town Hall'), /erledigt/);
    await screenshot('crew-de');
  });

  test('every request went to this server', () => {
    assert.ok(browser!.requests.some((url) => url.endsWith('/v2/auth/login')));
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
