// The crew's app offline, in Chromium: the network cut across a clock-in, a clock-out, a photo and a job the
// office moves and another it reassigns meanwhile, then restored: exactly one time entry per job on the server,
// a finished job never offers clock-in again, and what changed is said in words. A cold start offline (a new
// page, the service worker serving the shell) shows the kept jobs without a password; a revoked session signs
// the device out at the next contact and clears what it kept.
// test-run: process console-browser-3 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import { CHROMIUM, PHONE, openConsoleBrowser, zoneWhereItIs, type ConsoleBrowser } from '../helpers/console-browser.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const POSITION = { latitude: 52.52, longitude: 13.405 };
const MINUTE = 60_000;

describe('crew app offline', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let admin: Tenant;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let browser: ConsoleBrowser | undefined;
  const jobs: Record<string, string> = {};
  const employee = { username: 'olga.crew', password: 'olga-password-1' };
  let employeeId: string;
  let colleagueId: string;

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, admin.headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const entriesOf = async (jobId: string) =>
    (await api('GET', `/v2/timeTracking/?jobIds=${jobId}`)) as Array<{ timeEnd: string | null; offline: boolean }>;
  const card = (name: string) => page.locator('li.job', { hasText: name });

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    admin = await signup(t.app, 'Crew offline');
    const groups = (await api('GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
    const accessGroupId = groups.find((group) => group.name === 'employee')!._id;
    employeeId = (
      await api('POST', '/v2/users/', {
        id: employee.username,
        password: employee.password,
        general: { firstName: 'Olga' },
        accessGroupId,
      })
    )._id;
    colleagueId = (await api('POST', '/v2/users/', { general: { firstName: 'Piet' }, accessGroupId }))._id;
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    // Four jobs that started minutes ago (inside any start window), an hour long.
    for (const [key, name, offset] of [
      ['hall', 'Town Hall', 0],
      ['library', 'City Library', 2],
      ['school', 'Elm School', 4],
      ['depot', 'Depot North', 6],
    ] as const) {
      const objectId = (await api('POST', '/v2/objects/', { name, location: POSITION }))._id;
      const from = new Date(now - (10 - offset) * MINUTE).toISOString();
      const to = new Date(now + (50 + offset) * MINUTE).toISOString();
      jobs[key] = (await api('POST', '/v2/jobs/', { from, to, userId: employeeId, objectId }))._id;
    }
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

  test('signed in once, the app keeps the shell and the jobs on the device', async () => {
    await page.goto(`${origin}/app/crew`);
    await page.getByLabel('User name').fill(employee.username);
    await page.getByLabel('Password').fill(employee.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'My jobs, Olga' }).waitFor();
    await card('Elm School').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const kept = await page.evaluate(() => ({
      identity: localStorage.getItem('crewbase.identity'),
      snapshot: localStorage.getItem('crewbase.crewSnapshot'),
    }));
    assert.ok(kept.identity?.includes(employeeId));
    assert.ok(kept.snapshot?.includes(jobs.school!));
    // Never a token on the device's storage.
    assert.doesNotMatch(`${kept.identity}${kept.snapshot}`, /accessToken|refreshToken|eyJ/);
  });

  test('offline: clock-in, clock-out, a photo and two more clock-ins are kept; a finished job offers no clock-in', async () => {
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Clock in on Town Hall' }).click();
    await card('Town Hall').getByText('pending').waitFor();
    await page.getByRole('button', { name: 'Clock out of Town Hall' }).click();
    await card('Town Hall').getByText('completed').waitFor();
    assert.equal(
      await card('Town Hall')
        .getByRole('button', { name: /Clock in/ })
        .count(),
      0,
      'no clock-in again',
    );
    await card('Town Hall')
      .getByLabel('Add a photo to Town Hall')
      .setInputFiles({
        name: 'floor.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
    await card('Town Hall').getByRole('alert').filter({ hasText: 'network' }).waitFor();
    await page.getByRole('button', { name: 'Clock in on City Library' }).click();
    await page.getByRole('button', { name: 'Clock in on Elm School' }).click();
    await page.getByText('4 clock actions waiting to be sent').waitFor();
    for (const key of ['hall', 'library', 'school']) assert.equal((await entriesOf(jobs[key]!)).length, 0);
  });

  test('a cold start offline (new page, service worker) shows the kept jobs and queue without a password', async () => {
    await page.close();
    page = await context.newPage();
    await page.goto(`${origin}/app/crew`);
    await page.getByRole('heading', { level: 1, name: 'My jobs, Olga' }).waitFor();
    assert.equal(await page.getByLabel('Password').count(), 0, 'no sign-in form');
    await card('Depot North').waitFor();
    await card('Town Hall').getByText('completed').waitFor();
    assert.equal(
      await card('Town Hall')
        .getByRole('button', { name: /Clock in/ })
        .count(),
      0,
    );
    await page.getByText('4 clock actions waiting to be sent').waitFor();
    await page.getByText(/Showing what this device kept on/).waitFor();
  });

  test('back online: one entry per job, and the moved and reassigned jobs are explained in words', async () => {
    // Meanwhile the office moves the library job by two hours and gives the school job to a colleague.
    const library = (await api('GET', `/v2/jobs/${jobs.library}`)) as { from: string; to: string };
    const shift = (iso: string) => new Date(Date.parse(iso) + 120 * MINUTE).toISOString();
    await api('POST', `/v2/jobs/${jobs.library}/move`, { from: shift(library.from), to: shift(library.to) });
    await api('POST', `/v2/jobs/${jobs.school}/assign`, { userIds: [colleagueId] });

    await context.setOffline(false);
    await page.getByText('4 clock actions waiting to be sent').waitFor({ state: 'detached' });
    const notes = page.locator('.sync-notes');
    await notes.getByText(/Elm School: your clock-in of .* was not recorded\. The job is no longer yours/).waitFor();
    await notes
      .getByText(/City Library: the office moved this job to .* meanwhile; your clock-in of .* was recorded/)
      .waitFor();
    const hall = await entriesOf(jobs.hall!);
    assert.equal(hall.length, 1, 'one entry for Town Hall');
    assert.ok(hall[0]!.timeEnd, 'closed by the queued clock-out');
    assert.equal(hall[0]!.offline, true);
    assert.equal((await entriesOf(jobs.library!)).length, 1, 'one entry for the moved job');
    assert.equal((await entriesOf(jobs.school!)).length, 0, 'none on the reassigned job');
    await page.getByRole('button', { name: 'Clock out of City Library' }).waitFor();
    assert.equal(
      await card('Town Hall').getByRole('button', { name: /Clock/ }).count(),
      0,
      'the finished job offers no clock button',
    );
    // A repeated sync (another `online` event) changes nothing on the server.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    assert.equal((await entriesOf(jobs.hall!)).length, 1);
  });

  test('revoked by the office: the next contact signs the device out and clears what it kept', async () => {
    await api('POST', `/v2/users/${employeeId}/revokeSessions`);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Crewbase' }).waitFor();
    const kept = await page.evaluate(() => [
      localStorage.getItem('crewbase.identity'),
      localStorage.getItem('crewbase.crewSnapshot'),
    ]);
    assert.deepEqual(kept, [null, null]);
    // Offline now, nothing opens without the password any more.
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in to Crewbase' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
