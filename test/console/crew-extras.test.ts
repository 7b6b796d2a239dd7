// The crew view's photos and complaints in a real browser (Debian's chromium through playwright-core) against
// the real server: an employee adds a photo to a job (a small PNG through the file input), finds it filed with
// the job (checked through the API) and sees its thumbnail (a Blob URL, fetched with the token); offline, the
// upload says it needs the network and sends nothing. Complaints at my objects show for a user whose access
// group may read complaints, and not for a plain employee (whose group may not). No request to another host.
// UPDATE_SCREENSHOTS=1 writes docs/screenshots/crew-photo-*.png and crew-complaints-*.png.
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
} from '../helpers/console-browser.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const MINUTE = 60_000;
// A 2×2 PNG (red, green, blue, white).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
  'base64',
);

interface DocumentRow {
  _id: string;
  jobId: string;
  userId: string;
  contentType: string;
  fileName: string;
}

describe('crew view photos and complaints in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let admin: Tenant;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let browser: ConsoleBrowser | undefined;
  const complaintAnswers: number[] = [];
  const employee = { username: 'ben.crew', password: 'ben-password-1' };
  const lead = { username: 'cara.lead', password: 'cara-password-1' };
  let hallJob: string;

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, admin.headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const documentsOf = async (jobId: string) => (await api('GET', `/v2/jobs/${jobId}/documents`)) as DocumentRow[];

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    admin = await signup(t.app, 'Crew extras');
    const groups = (await api('GET', '/v2/accessGroups/')) as Array<{
      _id: string;
      name: string;
      permissions: Record<string, unknown>;
    }>;
    const employeeGroup = groups.find((group) => group.name === 'employee')!;
    // A crew lead: an employee's rights and reading complaints.
    const leadGroup = await api('POST', '/v2/accessGroups/', {
      name: 'crewlead',
      permissions: { ...employeeGroup.permissions, complaints: { read: 'all', write: 'none' } },
    });
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const from = new Date(now - 10 * MINUTE).toISOString();
    const to = new Date(now + 50 * MINUTE).toISOString();
    const hall = (await api('POST', '/v2/objects/', { name: 'Town Hall' }))._id;
    const depot = (await api('POST', '/v2/objects/', { name: 'Depot North' }))._id;
    for (const [user, groupId] of [
      [employee, employeeGroup._id],
      [lead, leadGroup._id],
    ] as const) {
      const userId = (
        await api('POST', '/v2/users/', { id: user.username, password: user.password, accessGroupId: groupId })
      )._id;
      const jobId = (await api('POST', '/v2/jobs/', { from, to, userId, objectId: hall }))._id;
      if (user === employee) hallJob = jobId;
    }
    await api('POST', '/v2/complaints/', { objectId: hall, title: 'Broken window', room: 'Entrance' });
    await api('POST', '/v2/complaints/', { objectId: depot, title: 'Not at my objects' });

    browser = await openConsoleBrowser(t.app, {
      viewport: PHONE,
      // Midday where the phone is: jobs begun minutes ago are today's at any hour the test runs.
      timezoneId: zoneWhereItIs(12).timezoneId,
    });
    ({ origin, context, page } = browser);
    context.on('response', (response) => {
      if (new URL(response.url()).pathname === '/v2/complaints/') complaintAnswers.push(response.status());
    });
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

  async function signIn(user: { username: string; password: string }) {
    await page.goto(`${origin}/app/crew`);
    // The session survives a reload (refresh cookie): the previous user signs out first.
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await page.getByLabel('User name').or(signOut).waitFor();
    if (await signOut.isVisible()) await signOut.click();
    await page.getByLabel('User name').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('li.job', { hasText: 'Town Hall' }).waitFor();
  }

  test('an employee adds a photo to a job: filed with the job, its thumbnail shown', async () => {
    await signIn(employee);
    const input = page.getByLabel('Add a photo to Town Hall');
    assert.equal(await input.getAttribute('accept'), 'image/*');
    assert.equal(await input.getAttribute('capture'), 'environment');
    await input.setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('status').filter({ hasText: 'Photo added.' }).waitFor();

    const [filed, ...more] = await documentsOf(hallJob);
    assert.ok(filed);
    assert.equal(more.length, 0);
    assert.equal(filed.contentType, 'image/png');
    assert.equal(filed.fileName, 'window.png');
    assert.equal(filed.jobId, hallJob);

    const thumbnail = page.getByRole('list', { name: 'Photos of Town Hall' }).getByRole('img', { name: 'window.png' });
    await thumbnail.waitFor();
    assert.match((await thumbnail.getAttribute('src')) ?? '', /^blob:/);
    // Decoded, so the page's policy let the Blob URL through.
    await page.waitForFunction(
      () => (document.querySelector('.photos img') as HTMLImageElement | null)?.naturalWidth === 2,
      undefined,
      { timeout: 10_000 },
    );
    await screenshot('crew-photo');
  });

  test('offline, a photo is not queued: the view says it needs the network', async () => {
    await context.setOffline(true);
    try {
      await page
        .getByLabel('Add a photo to Town Hall')
        .setInputFiles({ name: 'offline.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('alert').filter({ hasText: 'a photo needs the network' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    assert.equal((await documentsOf(hallJob)).length, 1, 'nothing more uploaded');
  });

  test('a plain employee sees no complaints section and is not refused one (the group may not read complaints)', async () => {
    await page.getByRole('heading', { name: 'My absences' }).waitFor();
    await page.waitForTimeout(500); // the section would ask as soon as it is drawn
    // Not asked at all: a 403 would be an error in the browser's console (Lighthouse's best practices).
    assert.deepEqual(complaintAnswers, []);
    assert.equal(await page.getByRole('heading', { name: 'Complaints at my objects' }).count(), 0);
  });

  test("a crew lead sees the open complaints at their jobs' objects, and only those", async () => {
    complaintAnswers.length = 0;
    await signIn(lead);
    const section = page.getByRole('region', { name: 'Complaints at my objects' });
    const item = section.getByRole('listitem').filter({ hasText: 'Broken window' });
    await item.waitFor();
    assert.match((await item.textContent()) ?? '', /Town Hall · Entrance/);
    assert.equal(await section.getByText('Not at my objects').count(), 0);
    assert.deepEqual(complaintAnswers, [200]);
    await screenshot('crew-complaints');
  });

  test('every request went to this server', () => {
    assert.ok(browser!.requests.some((url) => url.endsWith('/v2/documents/')));
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
