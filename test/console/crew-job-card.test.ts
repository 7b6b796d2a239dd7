// The crew's job card in Chromium with a busy fortnight (30 colleagues with jobs, 20 of the cleaner's own):
// address with an OpenStreetMap link, access notes, key safe code, contact, checklist, the office's note, jobs
// beyond Sunday (the next 14 days); a clock-in two hours early asks for a reason, stored on the entry; the view
// has an h1 and does not shift while it loads (CLS measured with a PerformanceObserver, printed).
// UPDATE_SCREENSHOTS=1 writes docs/screenshots/crew-job-card-de.png (German, 390×844).
// test-run: process console-browser-2 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import {
  CHROMIUM,
  PHONE,
  SCREENSHOTS,
  screenshotPath,
  openConsoleBrowser,
  zoneWhereItIs,
  type ConsoleBrowser,
} from '../helpers/console-browser.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

const POSITION = { latitude: 52.52, longitude: 13.405 };
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe('crew job card', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let admin: Tenant;
  let page: Page;
  let browser: ConsoleBrowser | undefined;
  const employee = { username: 'mia.crew', password: 'mia-password-1' };
  let employeeId: string;
  let earlyJob: string;

  const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, admin.headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const card = (name: string) => page.locator('li.job', { hasText: name }).first();

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    admin = await signup(t.app, 'Crew card');
    await api('PATCH', '/v2/company/timeAndPaySettings', { plausibility: { startToleranceMinutes: 15 } });
    const groups = (await api('GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
    const accessGroupId = groups.find((group) => group.name === 'employee')!._id;
    employeeId = (
      await api('POST', '/v2/users/', {
        id: employee.username,
        password: employee.password,
        general: { firstName: 'Mia' },
        accessGroupId,
      })
    )._id;
    const hall = (
      await api('POST', '/v2/objects/', {
        name: 'Town Hall',
        address: { street: 'Rathausstraße 15', zip: '10178', city: 'Berlin' },
        location: POSITION,
        description: 'Side entrance in the courtyard; staff lift to the 3rd floor.',
        securityCode: '4711',
        key: 'Key no. 12 in the key safe',
        contact: { phone: '+49 30 1234567', email: 'hausmeister@example.org' },
      })
    )._id;
    const others = [];
    for (let n = 0; n < 6; n++)
      others.push((await api('POST', '/v2/objects/', { name: `Office block ${n + 1}`, location: POSITION }))._id);
    await api('POST', '/v2/tasks/', {
      title: 'Descale the kitchen kettle',
      assignee: { entityId: employeeId },
      related: { objects: [hall] },
    });
    // The phone lives where it is mid-morning now, whatever the hour this runs at: the job two hours ahead is
    // still today there, and "today" below is midnight of its day.
    const { timezoneId, offsetHours } = zoneWhereItIs(10);
    const today = new Date(Math.floor((Date.now() + offsetHours * HOUR) / DAY) * DAY - offsetHours * HOUR);
    // Today: a job at Town Hall starting in two hours (a clock-in now is two hours early).
    const soon = Math.floor((Date.now() + 2 * HOUR) / 60_000) * 60_000;
    earlyJob = (
      await api('POST', '/v2/jobs/', {
        from: new Date(soon).toISOString(),
        to: new Date(soon + 2 * HOUR).toISOString(),
        userId: employeeId,
        objectId: hall,
        jobComment: 'Window cleaners in the foyer today: leave the foyer for last.',
      })
    )._id;
    // A busy fortnight: Mia's jobs on the next 14 days, and 30 colleagues' jobs the crew view must not show.
    for (let day = 1; day <= 14; day++) {
      const start = today.getTime() + day * DAY + 6 * HOUR;
      await api('POST', '/v2/jobs/', {
        from: new Date(start).toISOString(),
        to: new Date(start + 3 * HOUR).toISOString(),
        userId: employeeId,
        objectId: day % 2 ? hall : others[day % 6],
      });
    }
    for (let n = 0; n < 30; n++) {
      const colleague = (await api('POST', '/v2/users/', { general: { firstName: `Colleague ${n}` }, accessGroupId }))
        ._id;
      const start = today.getTime() + (n % 7) * DAY + 8 * HOUR;
      await api('POST', '/v2/jobs/', {
        from: new Date(start).toISOString(),
        to: new Date(start + 2 * HOUR).toISOString(),
        userId: colleague,
        objectId: others[n % 6],
      });
    }
    browser = await openConsoleBrowser(t.app, {
      viewport: PHONE,
      timezoneId,
      permissions: ['geolocation'],
      geolocation: POSITION,
    });
    page = browser.page;
    await page.goto(`${browser.origin}/app/crew`);
    await page.getByLabel('User name').fill(employee.username);
    await page.getByLabel('Password').fill(employee.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'My jobs, Mia' }).waitFor();
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  test("today's card: address, map link, access, key safe code, contact, checklist and the office's note", async () => {
    const hall = card('Town Hall');
    await hall.getByText('Rathausstraße 15, 10178 Berlin').waitFor();
    const map = hall.getByRole('link', { name: 'Open Town Hall in OpenStreetMap' });
    assert.equal(
      await map.getAttribute('href'),
      'https://www.openstreetmap.org/?mlat=52.520000&mlon=13.405000#map=18/52.520000/13.405000',
    );
    await hall.getByText('Side entrance in the courtyard').waitFor();
    await hall.getByText('4711').waitFor();
    await hall.getByText('Key no. 12 in the key safe').waitFor();
    assert.equal(await hall.getByRole('link', { name: '+49 30 1234567' }).getAttribute('href'), 'tel:+49301234567');
    await hall.getByText('Descale the kitchen kettle').waitFor();
    await hall.getByText('Window cleaners in the foyer today').waitFor();
  });

  test('the next 14 days are listed, past Sunday, and no colleague’s job', async () => {
    const later = page.locator('section[aria-labelledby="later"]');
    await later.getByRole('heading', { name: 'Next 14 days' }).waitFor();
    assert.equal(await later.locator('li.job').count(), 14);
    assert.equal(await page.locator('li.job').count(), 15);
  });

  test('a clock-in two hours early asks for a reason, which the entry keeps', async () => {
    await page.getByRole('button', { name: 'Clock in on Town Hall' }).first().click();
    const form = page.locator('form.clock-reason');
    await form.getByText(/You are 2 h 0 min early for this job|You are 1 h 59 min early/).waitFor();
    await form.getByRole('button', { name: 'Clock in with this reason' }).click();
    await form.getByRole('alert').filter({ hasText: 'Please give a reason.' }).waitFor();
    assert.equal(((await api('GET', `/v2/timeTracking/?jobIds=${earlyJob}`)) as unknown[]).length, 0);
    await form.getByLabel('Reason (your manager reads it)').fill('The caretaker opens early today');
    await form.getByRole('button', { name: 'Clock in with this reason' }).click();
    await page.getByRole('button', { name: 'Clock out of Town Hall' }).waitFor();
    const [entry, ...more] = (await api('GET', `/v2/timeTracking/?jobIds=${earlyJob}`)) as Array<{
      clockInReason: string;
      errors: string[];
    }>;
    assert.equal(more.length, 0);
    assert.equal(entry!.clockInReason, 'The caretaker opens early today');
    assert.ok(entry!.errors.includes('STARTED_TOO_EARLY'));
  });

  test('a reload shows one h1 and shifts nothing while it loads (CLS < 0.05)', async () => {
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) w.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // What the device kept would make it easy: measure the first load, with nothing kept.
    await page.evaluate(() => localStorage.removeItem('crewbase.crewSnapshot'));
    await page.reload();
    await page.getByRole('heading', { name: 'My absences' }).waitFor();
    await page.waitForTimeout(1500);
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    console.log(`crew view CLS at 390x844 on a first load: ${cls.toFixed(4)}`);
    assert.ok(cls < 0.05, `CLS ${cls}`);
    assert.equal(await page.locator('h1').count(), 1);
  });

  test('the job card in German at 390x844', async () => {
    await page.getByLabel('Language').selectOption('de');
    const hall = card('Town Hall');
    await hall.getByRole('link', { name: 'Town Hall in OpenStreetMap öffnen' }).waitFor();
    await hall.getByText('Code des Schlüsseltresors').waitFor();
    await hall.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.querySelector('li.job')?.scrollIntoView());
    if (SCREENSHOTS) await page.screenshot({ path: screenshotPath('crew-job-card-de') });
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
