// The office's week on the planning board in a real browser (Debian's chromium via playwright-core) with a
// small cleaning company's data (25 employees, an office clerk, 12 objects, a busy week): a one-off job created
// from an empty cell (the API's field error shown at its field first, then the job in its row, checked
// through the API), an approved vacation as a band naming its kind and days, a drop onto it that asks first,
// a stand-in chosen (the job leaves the absent row, the message names the stand-in, the clerk and the nameless
// owner are not offered), the search scrolling to a row far down, a past unclocked job marked missed, the
// week number, 3 keys from page load to the first job, and a phone's width kept.
// UPDATE_SCREENSHOTS=1 writes docs/screenshots/board-absence-desktop.png and board-phone.png.
// test-run: process console-browser-1 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import {
  CHROMIUM,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  type ConsoleBrowser,
  openConsoleBrowser,
  screenshotPath,
  thisWeekAt,
  waitFor,
} from '../helpers/console-browser.js';
import { PASSWORD } from '../helpers/principals.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

const FIRST = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Greta', 'Hans', 'Ida', 'Jan', 'Kim', 'Lena', 'Max'];
const LAST = ['Adler', 'Berger', 'Conrad', 'Dietz', 'Engel', 'Fuchs', 'Graf', 'Hahn', 'Imhof', 'Jung', 'Kern', 'Lang'];

describe('the office runs its week on the board', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let browser: ConsoleBrowser | undefined;
  let page: Page;
  let headers: Record<string, string>;
  let username: string;
  const staff: Array<{ id: string; name: string }> = [];
  const objects: string[] = [];
  let clerk = '';
  let vacationJob = '';
  let wednesdayJob = '';
  let missedJob = '';

  const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    username = 'sauber-admin';
    const res = await call(
      t.app,
      'POST',
      '/v2/company/signup',
      {},
      {
        companyName: 'Sauber & Co',
        username,
        password: PASSWORD,
      },
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    headers = { authorization: `Bearer ${res.body.accessToken}` };
    for (let i = 0; i < 25; i++) {
      const name = [FIRST[i % FIRST.length]!, LAST[(i * 5) % LAST.length]!];
      const user = await api('POST', '/v2/users/', {
        general: { firstName: name[0], lastName: `${name[1]}${i >= 12 ? ' II' : ''}` },
        contract: { dailyWorkingHours: { mo: 8, tu: 8, we: 8, th: 8, fr: 8 } },
      });
      staff.push({ id: user._id, name: `${name[0]} ${name[1]}${i >= 12 ? ' II' : ''}` });
    }
    const groups = (await api('GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
    clerk = (
      await api('POST', '/v2/users/', {
        general: { firstName: 'Olga', lastName: 'Office' },
        accessGroupId: groups.find((g) => g.name === 'objectmanager')!._id,
      })
    )._id;
    for (const name of ['Town Hall', 'Depot North', 'School South', 'Clinic', 'Library', 'Bakery', 'Museum'])
      objects.push((await api('POST', '/v2/objects/', { name }))._id);
    objects.push((await api('POST', '/v2/objects/', { name: 'Zoo Kiosk' }))._id);
    // A busy week: most people have a job each morning.
    for (let i = 0; i < 25; i++)
      for (const day of [0, 1, 2, 3, 4])
        if ((i + day) % 3 !== 0)
          await api('POST', '/v2/jobs/', {
            userId: staff[i]!.id,
            objectId: objects[(i + day) % 7],
            from: thisWeekAt(day, 5),
            to: thisWeekAt(day, 8),
          });
    const person = staff[0]!; // Anna Adler: vacation Wednesday to Friday
    vacationJob = (
      await api('POST', '/v2/jobs/', {
        userId: person.id,
        objectId: objects[2],
        from: thisWeekAt(3, 10),
        to: thisWeekAt(3, 12),
      })
    )._id;
    wednesdayJob = (
      await api('POST', '/v2/jobs/', { objectId: objects[7], from: thisWeekAt(2, 13), to: thisWeekAt(2, 15) })
    )._id;
    // Last week's Monday: nobody clocked in.
    missedJob = (
      await api('POST', '/v2/jobs/', {
        userId: staff[3]!.id,
        objectId: objects[1],
        from: thisWeekAt(-7, 5),
        to: thisWeekAt(-7, 7),
      })
    )._id;
    const absence = await api('POST', '/v2/absences/', {
      type: 2,
      userId: person.id,
      dtStart: thisWeekAt(2, 0),
      dtEnd: thisWeekAt(4, 20),
    });
    await api('POST', `/v2/absences/${absence._id}/approve`);
    browser = await openConsoleBrowser(t.app);
    page = browser.page;
    await page.goto(`${browser.origin}/app`);
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Planning board' }).waitFor();
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  const row = (userId: string) => page.locator(`[data-row="${userId}"]`);
  const cell = (userId: string, day: number) => row(userId).locator('td.board-cell').nth(day);

  test('from page load, 3 keys reach the first job: Tab to the skip link, Enter', async () => {
    // Once the week is loaded (the link's target is the first job block).
    await page.locator('[data-job-id]').first().waitFor();
    // As after a load: the focus at the top of the document (a focused mark there, removed again).
    await page.evaluate(() => {
      const mark = document.createElement('span');
      mark.tabIndex = -1;
      document.body.prepend(mark);
      mark.focus();
      mark.remove();
    });
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to the first job');
    await page.keyboard.press('Enter');
    await waitFor(
      async () => (await page.evaluate(() => document.activeElement?.getAttribute('data-job-id'))) !== null,
    );
    // Arrow keys go on from there (one Tab stop for the grid).
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-job-id'));
    await page.keyboard.press('ArrowDown');
    const next = await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-index'));
    assert.ok(first && next && Number(next) > 0, `${first} ${next}`);
  });

  test('the header names the ISO week; rows show planned against contract hours', async () => {
    await page
      .locator('.week-number')
      .filter({ hasText: /^CW \d{1,2}$/ })
      .waitFor();
    assert.match((await row(staff[1]!.id).locator('.row-hours').textContent()) ?? '', /^\d+ \/ 40 h$/);
  });

  test('an approved vacation is a band naming kind and days; its job shows the absence, not an overlap', async () => {
    const band = row(staff[0]!.id).locator('.absence-band');
    assert.equal(await band.textContent(), 'Vacation Wed–Fri');
    assert.match((await page.locator(`[data-job-id="${vacationJob}"]`).textContent()) ?? '', /absent employee/);
  });

  test('a past job nobody clocked is marked missed, in words', async () => {
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.locator(`[data-job-id="${missedJob}"]`).getByText('missed (nobody clocked in)').waitFor();
    await page.getByRole('button', { name: 'Today' }).click();
    await row(staff[0]!.id).locator('.absence-band').waitFor();
  });

  test('a drop onto the absence asks first and says why; Cancel leaves the job', async () => {
    await page.locator(`[data-job-id="${wednesdayJob}"]`).dragTo(cell(staff[0]!.id, 2));
    const dialog = page.getByRole('dialog', { name: 'Move anyway?' });
    await dialog.getByText('Anna Adler is away then: Vacation Wed–Fri.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await api('GET', `/v2/jobs/${wednesdayJob}`)).userId, undefined);
    // By keyboard too: space, up to Anna's row, Enter asks.
    await page.locator(`[data-job-id="${wednesdayJob}"]`).focus();
    await page.keyboard.press('Space');
    const annaIndex = Number(await row(staff[0]!.id).getAttribute('data-index'));
    for (let i = 0; i < annaIndex; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await dialog.getByText(/is away then/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('a stand-in moves the job out of the absent row, the message names them; no office or nameless accounts', async () => {
    await page.locator(`[data-job-id="${vacationJob}"]`).click();
    const panel = page.getByRole('complementary', { name: 'Job details' });
    await panel.getByRole('heading', { name: 'Replacement candidates' }).waitFor();
    await panel.getByRole('heading', { name: 'Photos, complaints, checks' }).waitFor();
    const offered = await panel.locator('.candidates button').allTextContents();
    assert.ok(offered.length > 0);
    assert.ok(!offered.some((text) => /Olga|sauber-admin|Replace with $/.test(text)), offered.join('|'));
    assert.match((await panel.locator('.reasons').first().textContent()) ?? '', /free then.*h this week/);
    const standIn = (await panel.locator('.candidates button').first().textContent())!.replace('Replace with ', '');
    await panel.locator('.candidates button').first().click();
    await panel
      .getByRole('status')
      .filter({ hasText: `Replacement job created for ${standIn}.` })
      .waitFor();
    await cell(staff[0]!.id, 3).locator(`[data-job-id="${vacationJob}"]`).waitFor({ state: 'detached' });
    const standInId = staff.find((s) => s.name === standIn)!.id;
    await cell(standInId, 3).getByText('School South').first().waitFor();
    if (SCREENSHOTS) {
      await page.locator('.board').evaluate((element) => {
        element.scrollTop = 0;
      });
      await page.screenshot({ path: screenshotPath('board-absence-desktop') });
    }
    await panel.getByRole('button', { name: 'Close' }).click();
    assert.ok(clerk);
  });

  test('a job created from an empty cell: the API field error at its field, then the job in its row', async () => {
    const ben = staff[1]!;
    await cell(ben.id, 6).click({ position: { x: 5, y: 70 } }); // Sunday: empty
    const form = page.getByRole('complementary', { name: 'New job' });
    await form.getByLabel('Object').selectOption({ label: 'Zoo Kiosk' });
    assert.equal(await form.getByLabel('Assignee').inputValue(), ben.id);
    const start = await form.getByLabel('Start').inputValue();
    await form.getByLabel('End').fill(start); // not after the start: the API refuses
    await form.getByRole('button', { name: 'Create job' }).click();
    await form.locator('#new-to-error').filter({ hasText: 'must be after from' }).waitFor();
    assert.equal(await form.getByLabel('End').getAttribute('aria-describedby'), 'new-to-error');
    await form.getByLabel('End').fill(`${start.slice(0, 11)}11:00`);
    await form.getByLabel('Comment').fill('Windows only');
    await form.getByRole('button', { name: 'Create job' }).click();
    await page.getByRole('status').filter({ hasText: 'Job created.' }).waitFor();
    const created = await cell(ben.id, 6).locator('.block').first().getAttribute('data-job-id');
    const job = await api('GET', `/v2/jobs/${created}`);
    assert.equal(job.userId, ben.id);
    assert.equal(job.jobComment, 'Windows only');
    assert.equal(job.objectId, objects[7]);
  });

  test('the search scrolls to the first match far down and highlights it', async () => {
    const last = [...staff].sort((a, b) => a.name.localeCompare(b.name)).at(-1)!;
    await page.getByRole('searchbox', { name: 'Search' }).fill(last.name);
    await row(last.id).and(page.locator('.hit')).waitFor();
    assert.ok(await row(last.id).isVisible());
    await page.getByRole('searchbox', { name: 'Search' }).fill('Zoo Kiosk');
    await page.locator('.block.hit').getByText('Zoo Kiosk').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
  });

  test('on a 390 px phone the page does not get wider than the screen', async () => {
    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Planning board' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page width ${width}`);
    if (SCREENSHOTS) await page.screenshot({ path: screenshotPath('board-phone') });
    await page.setViewportSize(DESKTOP);
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), []);
  });
});
