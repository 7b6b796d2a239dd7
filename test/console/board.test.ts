// The dispatcher's planning board in a real browser (Debian's chromium, driven by playwright-core) against the
// real server: sign in as an administrator (who may write everyone's jobs, so the board is the start page), the
// week with its rows, a job dragged to another employee and one moved a day by keyboard (both checked through
// the API), an approved absence marking its job live (event feed) with replacement candidates in the panel,
// the job panel's edit form (checked through the API) returning the focus to its block, a full day cell's
// "+n more" listing all its jobs, and the render time of 300 employees with ~2,500 jobs in a week. DNS is cut off for every other host.
// UPDATE_SCREENSHOTS=1 writes docs/screenshots/board-*.png (desktop 1280×800 and phone 390×844).
// test-run: process console-browser-2 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { assertAccessible } from '../helpers/a11y.js';
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
  waitFor,
} from '../helpers/console-browser.js';
import { PASSWORD } from '../helpers/principals.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = thisWeekAt;
/** 00:00 UTC of this week's Monday. */
const mondayUtc = () => Date.parse(thisWeekAt(0, 0));

interface Company {
  username: string;
  headers: Record<string, string>;
}

describe('planning board in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let office: Company;
  let big: Company;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let browser: ConsoleBrowser | undefined;
  const people: Record<'anna' | 'ben' | 'cara', string> = { anna: '', ben: '', cara: '' };
  const jobs: Record<'hall' | 'depot' | 'school' | 'office', string> = { hall: '', depot: '', school: '', office: '' };

  const api = async (company: Company, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, company.headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const jobOf = async (id: string) =>
    (await api(office, 'GET', `/v2/jobs/${id}`)) as {
      userId?: string;
      from: string;
      to: string;
      title?: string;
      jobComment?: string;
    };

  async function company(name: string): Promise<Company> {
    const username = `${name.toLowerCase().replace(/\W/g, '')}-admin`;
    const res = await call(
      t.app,
      'POST',
      '/v2/company/signup',
      {},
      { companyName: name, username, password: PASSWORD },
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return { username, headers: { authorization: `Bearer ${res.body.accessToken}` } };
  }

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    office = await company('Board Office');
    for (const [key, first, last] of [
      ['anna', 'Anna', 'Adler'],
      ['ben', 'Ben', 'Berger'],
      ['cara', 'Cara', 'Conrad'],
    ] as const)
      people[key] = (
        await api(office, 'POST', '/v2/users/', { id: key, general: { firstName: first, lastName: last } })
      )._id;
    const object = async (name: string) => (await api(office, 'POST', '/v2/objects/', { name }))._id as string;
    const job = async (userId: string | undefined, objectName: string, day: number, hour = 8) =>
      (
        await api(office, 'POST', '/v2/jobs/', {
          ...(userId ? { userId } : {}),
          objectId: await object(objectName),
          from: at(day, hour),
          to: at(day, hour + 2),
        })
      )._id as string;
    jobs.hall = await job(people.anna, 'Town Hall', 1);
    jobs.depot = await job(people.ben, 'Depot North', 2);
    jobs.school = await job(people.cara, 'School South', 4);
    jobs.office = await job(undefined, 'Office Park', 0);
    // Anna's Saturday holds more jobs than a cell shows.
    for (const [name, hour] of [
      ['Museum', 6],
      ['Library', 10],
      ['Station', 14],
    ] as const)
      await job(people.anna, name, 5, hour);

    browser = await openConsoleBrowser(t.app);
    ({ origin, context, page } = browser);
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  /** `show`: what the phone shot scrolls to (the panel sits below the board there). */
  async function screenshot(name: string, show?: string) {
    if (!SCREENSHOTS) return;
    await page.screenshot({ path: screenshotPath(`${name}-desktop`) });
    await page.setViewportSize(PHONE);
    if (show) await page.locator(show).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`${name}-phone`) });
    await page.setViewportSize(DESKTOP);
  }

  async function signIn(username: string) {
    // The session lives in the refresh cookie: without it the page asks for a user name again.
    await page.context().clearCookies();
    await page.goto(`${origin}/app`);
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  const block = (jobId: string) => page.locator(`[data-job-id="${jobId}"]`);
  const cell = (userId: string, day: number) => page.locator(`[data-row="${userId}"] td`).nth(day);

  test("a dispatcher's start page is the board: the week, a row per employee and the unassigned row", async () => {
    await signIn(office.username);
    await page.getByRole('heading', { name: 'Planning board' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/app/board');
    assert.equal(await page.getByRole('columnheader').count(), 8); // the name column and seven days
    for (const name of ['Unassigned', 'Anna Adler', 'Ben Berger', 'Cara Conrad'])
      await page.getByRole('rowheader', { name }).waitFor();
    await cell('', 0).locator(`[data-job-id="${jobs.office}"]`).waitFor();
    assert.match((await block(jobs.hall).textContent()) ?? '', /Town Hall.*09:00–11:00.*(planned|missed)/);
    await page.getByRole('list', { name: 'Legend' }).getByText('overlaps another job').waitFor();
    await screenshot('board');
  });

  test('dragging a job onto another employee assigns it (checked through the API)', async () => {
    await block(jobs.hall).dragTo(cell(people.ben, 1));
    await cell(people.ben, 1).locator(`[data-job-id="${jobs.hall}"]`).waitFor();
    await waitFor(async () => (await jobOf(jobs.hall)).userId === people.ben);
  });

  test('a refused move is rolled back with a visible error', async () => {
    await context.route(`**/v2/jobs/${jobs.depot}/assign`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'No, not now' }),
      }),
    );
    await block(jobs.depot).dragTo(cell(people.anna, 2));
    await page.getByRole('alert').filter({ hasText: 'The move was refused: No, not now' }).waitFor();
    await cell(people.ben, 2).locator(`[data-job-id="${jobs.depot}"]`).waitFor();
    await context.unroute(`**/v2/jobs/${jobs.depot}/assign`);
    assert.equal((await jobOf(jobs.depot)).userId, people.ben);
  });

  test('by keyboard: space picks a job up, arrows choose the day (announced), Enter drops', async () => {
    const before = await jobOf(jobs.depot);
    await block(jobs.depot).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.getByText(/Moving Depot North: to Ben Berger, Thu/).waitFor();
    await page.keyboard.press('Enter');
    await cell(people.ben, 3).locator(`[data-job-id="${jobs.depot}"]`).waitFor();
    await waitFor(async () => Date.parse((await jobOf(jobs.depot)).from) === Date.parse(before.from) + DAY);
    // Escape cancels: nothing moves.
    await block(jobs.depot).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await page.getByText('Move cancelled.').waitFor();
    assert.equal((await jobOf(jobs.depot)).userId, people.ben);
  });

  test("an approved absence marks the employee's job live, and its panel offers replacements", async () => {
    const absence = await api(office, 'POST', '/v2/absences/', {
      type: 1,
      userId: people.cara,
      dtStart: at(4, 0),
      dtEnd: at(4, 20),
    });
    await api(office, 'POST', `/v2/absences/${absence._id}/approve`);
    // No reload: the board applies the job's change from the event feed.
    await block(jobs.school).getByText('absent employee').waitFor({ timeout: 15_000 });
    await block(jobs.school).click();
    const panel = page.getByRole('complementary');
    await panel.getByRole('heading', { name: 'Job details' }).waitFor();
    await panel.getByText('School South').waitFor();
    await panel.getByRole('heading', { name: 'Replacement candidates' }).waitFor();
    await panel
      .getByRole('button', { name: /Replace with (Anna|Ben)/ })
      .first()
      .waitFor();
    await assertAccessible(page, 'board: absence panel with replacement candidates');
    await screenshot('board-absence', '.panel');
    await panel.getByRole('button', { name: 'Close' }).click();
  });

  test("the panel's form saves title, comment and end (checked through the API); Escape returns the focus to the block", async () => {
    const before = await jobOf(jobs.office);
    await block(jobs.office).click();
    const panel = page.getByRole('complementary', { name: 'Job details' });
    await panel.getByText('Office Park').waitFor();
    await panel.getByLabel('Title').fill('Windows, 2nd floor');
    await panel.getByLabel('Comment').fill('Key at the porter');
    const end = panel.getByLabel('End');
    await end.fill(`${(await end.inputValue()).slice(0, 11)}11:30`); // 11:00 in Berlin before
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = await jobOf(jobs.office);
    assert.equal(saved.title, 'Windows, 2nd floor');
    assert.equal(saved.jobComment, 'Key at the porter');
    assert.equal(Date.parse(saved.from), Date.parse(before.from));
    assert.equal(Date.parse(saved.to), Date.parse(before.from) + 2.5 * HOUR);
    await block(jobs.office).getByText('09:00–11:30').waitFor();
    await panel.getByLabel('Title').focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-job-id')), jobs.office);
  });

  test('a full day cell shows its jobs a line each, none cut, and "+n more" inside the cell', async () => {
    const fit = await cell(people.anna, 5).evaluate((td) => {
      const box = td.getBoundingClientRect();
      const blocks = [...td.querySelectorAll<HTMLElement>('.block')];
      return {
        blocks: blocks.length,
        // A block squeezed below its text's height cuts its lines (scrollHeight beyond its own height).
        cut: blocks.filter((b) => b.scrollHeight > b.clientHeight + 1).map((b) => b.textContent),
        lines: blocks.map((b) => Math.round(b.getBoundingClientRect().height)),
        moreInside: (td.querySelector('.more')?.getBoundingClientRect().bottom ?? Infinity) <= box.bottom,
        sameLine: blocks.map(
          (b) =>
            Math.abs(
              b.querySelector('.block-object')!.getBoundingClientRect().top -
                b.querySelector('.block-meta')!.getBoundingClientRect().top,
            ) < 2,
        ),
      };
    });
    assert.equal(fit.blocks, 2);
    assert.deepEqual(fit.cut, [], `blocks of heights ${fit.lines.join(', ')} px`);
    assert.ok(fit.moreInside, '"+1 more" is inside the cell');
    assert.deepEqual(fit.sameLine, [true, true], 'object, then time and state, on one line');
  });

  test('"+n more" in a full day cell lists all its jobs to pick from, by keyboard', async () => {
    const more = cell(people.anna, 5).getByRole('button', { name: /^\+1 more: show all 3 jobs of Anna Adler, / });
    assert.equal(await more.textContent(), '+1 more');
    await more.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('complementary', { name: /^Jobs of Anna Adler, / });
    const listFocused = () => page.waitForFunction(() => document.activeElement?.id === 'cell-list-title');
    await listFocused(); // opening moves the focus to the list's heading
    const items = await list.getByRole('listitem').allTextContents();
    assert.equal(items.length, 3);
    await assertAccessible(page, 'board: all jobs of a day cell');
    // Saturday's jobs are planned until they end, then missed (no one clocked in): the state depends on the run's day.
    const stateOf = (hour: number) => (Date.parse(at(5, hour + 2)) < Date.now() ? 'missed' : 'planned');
    for (const [i, [name, hour]] of (
      [
        ['Museum.*07:00–09:00', 6],
        ['Library.*11:00–13:00', 10],
        ['Station.*15:00–17:00', 14],
      ] as const
    ).entries())
      assert.match(items[i] ?? '', new RegExp(`${name}.*${stateOf(hour)}`));
    await page.keyboard.press('Tab'); // from the heading to Close, then the first job
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // the third: Station, hidden in the cell
    const panel = page.getByRole('complementary', { name: 'Job details' });
    await panel.getByText('Station').waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    assert.equal(await more.evaluate((element) => element === document.activeElement), true);
    // Escape closes the list too.
    await page.keyboard.press('Enter');
    await listFocused();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    assert.equal(await more.evaluate((element) => element === document.activeElement), true);
  });

  test('the day view places jobs on the hour axis', async () => {
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('columnheader', { name: /06:00/ }).waitFor();
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByRole('rowheader', { name: 'Anna Adler' }).waitFor();
  });

  test('a week paged past before its jobs came does not replace the week shown when they come', async () => {
    // Next week's jobs (none) are held back; the way back to this week is answered at once.
    const nextWeek = Date.parse(at(6, 12)); // a range starting after Sunday noon is next week's
    let held: Request | undefined;
    let released!: () => void;
    const continued = new Promise<void>((resolve) => {
      released = resolve;
    });
    const holdNextWeek = async (route: Route) => {
      const from = (route.request().postDataJSON() as { from?: number | string } | null)?.from;
      if (held || from === undefined || new Date(from).getTime() < nextWeek) return route.continue();
      held = route.request();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
      released();
    };
    await context.route('**/v2/jobs/jobsInTimeFrame', holdNextWeek);
    try {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Previous' }).click();
      await cell('', 0).locator(`[data-job-id="${jobs.office}"]`).waitFor();
      await continued;
      assert.ok(held, "next week's jobs were asked for and held back");
      await held.response(); // the late answer has come
      await new Promise((resolve) => setTimeout(resolve, 300)); // time to render it, were it taken
      assert.equal(await block(jobs.office).count(), 1, "next week's late (empty) answer was dropped");
      assert.equal(await block(jobs.school).count(), 1);
    } finally {
      await context.unroute('**/v2/jobs/jobsInTimeFrame', holdNextWeek);
    }
  });

  test('the navigation offers what the rights allow: all office screens to the dispatcher, none to an employee', async () => {
    await signIn(office.username);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    await nav.getByRole('link', { name: 'Invoices' }).waitFor();
    assert.deepEqual(await nav.getByRole('link').allTextContents(), [
      'Planning board',
      'Approvals',
      'Customers',
      'Employees',
      'Recurring work',
      'Invoices',
      'My jobs',
    ]);
    const groups = (await api(office, 'GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
    const employeeGroup = groups.find((group) => group.name === 'employee')!._id;
    await api(office, 'POST', '/v2/users/', { id: 'erik-employee', password: PASSWORD, accessGroupId: employeeGroup });
    // Named by path, the board is not theirs: the crew view opens, and no navigation is offered.
    await page.context().clearCookies();
    await page.goto(`${origin}/app/board`);
    await page.getByLabel('User name').fill('erik-employee');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Today' }).waitFor();
    // The address follows the screen in an effect, just after it is painted.
    await page.waitForURL((url) => url.pathname === '/app/crew');
    assert.equal(await page.getByRole('navigation', { name: 'Screens' }).count(), 0);
    await signIn(office.username); // the tests below continue on the dispatcher's board
    await page.getByRole('heading', { name: 'Planning board' }).waitFor();
  });

  test('the board speaks German on request', async () => {
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Einsatzplan' }).waitFor();
    await page.getByRole('rowheader', { name: 'Nicht zugewiesen' }).waitFor();
    await page.getByRole('list', { name: 'Legende' }).getByText('Mitarbeiter abwesend').waitFor();
    assert.match((await block(jobs.hall).textContent()) ?? '', /Town Hall.*09:00–11:00.*(geplant|versäumt)/);
    await page.getByLabel('Sprache').selectOption('en');
  });

  test('300 employees with ~2,500 jobs of a week: only the rows in view are rendered (the time is printed)', async () => {
    big = await company('Big Cleaning');
    const objectIds: string[] = [];
    for (let i = 0; i < 40; i++)
      objectIds.push((await api(big, 'POST', '/v2/objects/', { name: `Building ${i + 1}` }))._id);
    const userIds = await inBatches(300, (i) =>
      api(big, 'POST', '/v2/users/', {
        id: `cleaner${i}`,
        general: { firstName: 'Cleaner', lastName: String(i + 1).padStart(3, '0') },
      }).then((user) => user._id as string),
    );
    // 360 daily assignments of the week (60 employees have two): 2,520 jobs, generated once here.
    const monday = new Date(mondayUtc()).toISOString().slice(0, 10);
    await inBatches(360, (i) =>
      api(big, 'POST', '/v2/assignments/', {
        objectId: objectIds[i % objectIds.length],
        title: 'Cleaning',
        userIds: [userIds[i % 300]],
        iCalendar: {
          tzid: 'Europe/Berlin',
          rrule: 'FREQ=DAILY;COUNT=7',
          dtstart: `${monday}T${i < 300 ? '06' : '14'}:00:00`,
          dtend: `${monday}T${i < 300 ? '09' : '16'}:00:00`,
        },
      }),
    );
    const generated = await api(big, 'POST', '/v2/jobs/jobsInTimeFrame', {
      from: mondayUtc() - DAY,
      to: mondayUtc() + 8 * DAY,
    });
    assert.ok(generated.length >= 2500, `${generated.length} jobs`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(big.username);
    await page.getByRole('rowheader', { name: 'Cleaner 001' }).waitFor();
    const ms = await page.evaluate(async () => {
      while (!performance.getEntriesByName('board:rendered').length) await new Promise((r) => setTimeout(r, 20));
      return performance.measure('board', 'board:start', 'board:rendered').duration;
    });
    const rendered = await page.locator('.board-row[data-row]').count();
    console.log(
      `board: ${generated.length} jobs of 300 employees rendered in ${Math.round(ms)} ms (${rendered} rows in the DOM)`,
    );
    // The time is printed, not asserted (a shared machine's load decides it; the target, under 1 s, is read
    // off this line); what is asserted is what keeps it low: only the rows in view are in the page.
    assert.ok(rendered < 60, 'only the rows in view are rendered');
    // Scrolling renders the rows further down.
    await page.locator('.board').evaluate((element) => {
      element.scrollTop = 200 * 84;
    });
    await page.getByRole('rowheader', { name: 'Cleaner 200' }).waitFor();
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});

async function inBatches<T>(count: number, make: (i: number) => Promise<T>, size = 25): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}
