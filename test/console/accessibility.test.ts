// Every console screen checked by axe-core (injected into the page, test/helpers/a11y.ts) in the states a user
// reaches, at desktop (1280×800) and phone (390×844) size, with a busy office (test/helpers/busy-office.ts: 36
// employees, a week of ~150 jobs, an approved absence, requests to approve, 20 customers, invoices in several
// states, an overdue one reminded).
// Each state must have no serious or critical violation; the table of all violations (every impact) is printed.
// test-run: process console-browser-1 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertAccessible, assertFocusVisible, printAccessibilityTable } from '../helpers/a11y.js';
import { BUSY_OFFICE, seedBusyOffice } from '../helpers/busy-office.js';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import {
  CHROMIUM,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  openConsoleBrowser,
  screenshotPath,
  type ConsoleBrowser,
} from '../helpers/console-browser.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const { admin, crew } = BUSY_OFFICE;

describe('accessibility of every console screen (axe-core)', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let page: Page;
  let origin: string;
  let browser: ConsoleBrowser | undefined;

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    await seedBusyOffice(t.app);
    browser = await openConsoleBrowser(t.app);
    ({ origin, page } = browser);
  });

  after(async () => {
    printAccessibilityTable();
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  /** What `check` found wrong in the running test; thrown at its end, so every state of a test is measured. */
  let failures: unknown[] = [];
  const screen = (name: string, steps: () => Promise<void>) =>
    test(name, async () => {
      failures = [];
      await steps();
      if (failures.length) throw failures[0];
    });
  /** Checks the page at desktop size, then at phone size (the state stays; the layout changes). */
  async function check(label: string) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150); // the board's virtual rows follow the resize
      await assertAccessible(page, `${label} (${size})`).catch((error) => failures.push(error));
    }
    await page.setViewportSize(DESKTOP);
  }
  /** Tabs through the page at both sizes: every control reached shows its focus ring, in view. */
  async function focusVisible(label: string, presses?: number) {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const reached = await assertFocusVisible(page, label, presses).catch((error) => failures.push(error));
      if (Array.isArray(reached)) assert.ok(reached.length > 3, `${label}: Tab reached only ${reached.join(', ')}`);
    }
    await page.setViewportSize(DESKTOP);
  }
  const nav = async (name: string, heading: string) => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  };

  screen('sign-in page', async () => {
    await page.goto(`${origin}/app`);
    await page.getByLabel('User name').waitFor();
    await check('sign-in');
  });

  screen('board: week with jobs and an absence band', async () => {
    await page.getByLabel('User name').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Planning board', level: 1 }).waitFor();
    await page.locator('.absence-band').first().waitFor();
    await check('board week');
    await focusVisible('board week');
    if (SCREENSHOTS) {
      // The skip link's way to the first job: its block shows the focus ring (and the current nav link its contrast).
      await page.keyboard.press('Escape');
      await page.locator('.block[tabindex="0"]').first().focus();
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: screenshotPath(`accessibility-board-focus-${size}`) });
      }
      await page.setViewportSize(DESKTOP);
    }
  });

  screen('board: job panel open', async () => {
    await page.locator('.block').first().click();
    await page.getByRole('complementary', { name: 'Job details' }).waitFor();
    await check('board job panel');
    await page.keyboard.press('Escape');
  });

  screen('board: new-job form open', async () => {
    await page.locator('.board-cell .add').first().click({ force: true });
    await page.getByRole('complementary').getByRole('heading', { name: 'New job' }).waitFor();
    await check('board new job');
    await page.keyboard.press('Escape');
  });

  screen('board: day view', async () => {
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('columnheader', { name: /06:00/ }).waitFor();
    await check('board day');
    // Every change of the grid's buttons is seen together with its Tab stop: an observer (a microtask after the
    // render) records any moment the grid holds buttons and is a Tab stop, or holds none and is not.
    await page.evaluate(() => {
      const grid = document.querySelector('#board-grid')!;
      const seen: string[] = [];
      (window as unknown as { tabStopMismatches: string[] }).tabStopMismatches = seen;
      new MutationObserver(() => {
        const empty = !grid.querySelector('button');
        if (empty !== grid.hasAttribute('tabindex')) seen.push(empty ? 'empty, no Tab stop' : 'buttons, a Tab stop');
      }).observe(grid, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex'] });
    });
    const mismatches = () =>
      page.evaluate(() => (window as unknown as { tabStopMismatches: string[] }).tabStopMismatches);
    // A day a week ahead has no job (only an absence): the grid has no button, and is the keyboard's way to scroll.
    for (let day = 0; day < 7; day++) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('#board-grid button'));
    assert.equal(await page.locator('#board-grid').getAttribute('tabindex'), '0');
    await check('board empty day');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    // With jobs and "+" buttons again, the grid is no Tab stop of its own.
    await page.locator('#board-grid button').first().waitFor({ state: 'attached' });
    assert.equal(await page.locator('#board-grid').getAttribute('tabindex'), null);
    assert.deepEqual(await mismatches(), []);
  });

  screen('approvals', async () => {
    await nav('Approvals', 'Approvals');
    await page.getByRole('heading', { name: /Time entries to approve/ }).waitFor();
    await check('approvals');
  });

  screen('customers: list and panel open', async () => {
    await nav('Customers', 'Customers');
    await page.locator('.office-list .row-button').first().waitFor();
    await check('customers');
    await page.getByRole('button', { name: /Muster Immobilien GmbH/ }).click();
    await page.getByRole('heading', { name: 'Muster Immobilien GmbH' }).waitFor();
    await check('customer panel');
    await focusVisible('customer panel', 40);
  });

  screen('people: list and form', async () => {
    await nav('Employees', 'Employees');
    await page.locator('.office-list .row-button').first().waitFor();
    await check('people');
    await page.getByRole('button', { name: 'New employee' }).click();
    await page.getByLabel('First name').waitFor();
    await check('people form');
  });

  screen('assignments: list and form', async () => {
    await nav('Recurring work', 'Recurring work');
    await check('assignments');
    await page.getByRole('button', { name: 'New recurring assignment' }).click();
    await page.getByLabel('Title').waitFor();
    await check('assignments form');
  });

  screen('invoices: list, detail, dialogs', async () => {
    await nav('Invoices', 'Invoices');
    await page.locator('.office-list .doc-row').first().waitFor();
    await check('invoices');
    await page
      .getByRole('button', { name: /Muster Immobilien GmbH/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Send by mail' }).waitFor();
    await check('invoice detail');
    await focusVisible('invoice detail', 40);
    await page.getByRole('button', { name: 'Send by mail' }).click();
    await page.getByRole('dialog').locator('.send-preview').waitFor();
    await check('invoice send dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Credit note' }).click();
    await page.getByLabel('Amount (net)').waitFor();
    await check('invoice credit note');
    await page.getByRole('button', { name: 'New invoice' }).click();
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    await check('invoice new');
  });

  screen('offers and dunning', async () => {
    await page.getByRole('radio', { name: 'Offers' }).check();
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();
    await check('offers');
    await page.getByRole('radio', { name: 'Dunning' }).check();
    await page.getByRole('heading', { name: 'Dunning', level: 1 }).waitFor();
    await page.locator('.office-list .doc-row').first().waitFor();
    await check('dunning');
  });

  screen("crew view: an employee's today", async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('User name').fill(crew.username);
    await page.getByLabel('Password').fill(crew.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Today' }).waitFor();
    await page.locator('li.job').first().waitFor();
    await check('crew');
    await focusVisible('crew');
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });
});
