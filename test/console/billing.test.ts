// The billing desk in a real browser (Debian's chromium through playwright-core) against the real server, with a
// busy office: 24 customers and invoices in every state the API has (overdue among them), offers, reminders of
// several levels. Each state is listed without a crash or a missing text; an invoice with a service period and a
// unit price typed "31,50" is issued after a confirmation naming recipient, number pattern and total, and its PDF
// (read by pdftotext) states the period and 31,50; sending is confirmed with its attachment; a cancellation
// (Storno) and a credit note are made from the console (checked through the API); the dunning list shows levels.
// UPDATE_SCREENSHOTS=1 writes docs/screenshots/invoice-service-period.png (the PDF's first page, pdftoppm) and
// billing-*.png (desktop 1280×800 and phone 390×844).
// test-run: process console-browser-3 (it waits on chromium, one per process; scripts/test-schedule.mjs)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DOCUMENT_STATES } from '../../src/modules/invoicing/documents/document-schema.js';
import { assertAccessible } from '../helpers/a11y.js';
import { buildConsoleForTest, type ConsoleBuild } from '../helpers/console-build.js';
import {
  browserDate,
  CHROMIUM,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  screenshotPath,
  openConsoleBrowser,
  type ConsoleBrowser,
  signUpNamed,
} from '../helpers/console-browser.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { call, createTestApp, type TestApp } from '../helpers/test-app.js';

const PASSWORD = 'correct-horse-battery';
const USERNAME = 'billing-admin';
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

describe('the billing desk in a browser', { skip: CHROMIUM }, () => {
  let t: TestApp;
  let build: ConsoleBuild;
  let headers: Record<string, string>;
  let customerId: string;
  let page: Page;
  let origin: string;
  let browser: ConsoleBrowser | undefined;
  const pageErrors: string[] = [];
  const ids: Record<string, string> = {};

  const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const res = await call(t.app, method, url, headers, body);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** A draft invoice of `customer` (dated `date` when given), issued unless `draft`; returns its id. */
  async function invoice(customer: string, options: { date?: string; draft?: boolean; amount?: number } = {}) {
    const { _id } = await api('POST', '/v2/invoices/', {
      customerId: customer,
      ...(options.date ? { documentDate: options.date } : {}),
      servicePeriod: { from: daysAgo(90), to: daysAgo(61) },
      positions: [
        { title: 'Unterhaltsreinigung', quantity: 20, unit: 'Std', price: options.amount ?? 28.5, tax: 0.19 },
      ],
    });
    if (!options.draft) await api('POST', `/v2/invoices/${_id}/issue`);
    return _id as string;
  }

  before(async () => {
    build = await buildConsoleForTest();
    t = await createTestApp({}, { consoleDir: build.dir });
    headers = await signUpNamed(t.app, 'Glanz GmbH', USERNAME);
    await setUpSeller(t.app, headers);
    customerId = await createBuyer(t.app, headers);
    const customers = [customerId];
    for (let i = 1; i < 24; i++)
      customers.push(
        await createBuyer(t.app, headers, {
          name: `Hausverwaltung ${String(i).padStart(2, '0')} GmbH`,
          contact: { email: `rechnung${i}@hv.example` },
        }),
      );
    // Overdue ones, reminded twice (level 2): a run 30 days ago gives level 1, today's level 2.
    ids.overdue = await invoice(customers[1]!, { date: daysAgo(60) });
    await invoice(customers[2]!, { date: daysAgo(55) });
    await api('POST', '/v2/invoiceReminders/run', { date: daysAgo(30) });
    await api('POST', '/v2/invoiceReminders/run', {});
    // Overdue, not reminded yet: the console's run gives it level 1.
    ids.unreminded = await invoice(customers[3]!, { date: daysAgo(40) });
    // Every other state, and a busy month of issued ones.
    await invoice(customers[4]!, { draft: true });
    const partly = await invoice(customers[5]!);
    await api('POST', '/v2/payments/', { invoiceId: partly, amount: 100, date: daysAgo(1) });
    const paid = await invoice(customers[6]!);
    await api('POST', '/v2/payments/', { invoiceId: paid, amount: 678.3, date: daysAgo(1) });
    await api('POST', `/v2/invoices/${await invoice(customers[7]!)}/cancel`);
    for (let i = 8; i < 24; i++) await invoice(customers[i]!, { amount: 20 + i });
    ids.toCancel = await invoice(customerId, { amount: 42 });
    for (const [state, action] of [
      ['draft', undefined],
      ['issued', undefined],
      ['accepted', 'accept'],
      ['declined', 'decline'],
    ] as const) {
      const offer = await api('POST', '/v2/offers/', {
        customerId,
        title: `Angebot ${state}`,
        positions: [{ title: 'Grundreinigung', quantity: 1, price: 900, tax: 0.19 }],
      });
      if (state !== 'draft') await api('POST', `/v2/offers/${offer._id}/issue`);
      if (action) await api('POST', `/v2/offers/${offer._id}/${action}`, {});
    }

    browser = await openConsoleBrowser(t.app);
    ({ origin, page } = browser);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    build?.remove();
  });

  async function screenshot(name: string, show?: string) {
    if (!SCREENSHOTS) return;
    await page.screenshot({ path: screenshotPath(`${name}-desktop`) });
    await page.setViewportSize(PHONE);
    if (show) await page.locator(show).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`${name}-phone`) });
    await page.setViewportSize(DESKTOP);
  }

  test('every state of invoices and offers is listed with its text, overdue included', async () => {
    await page.goto(`${origin}/app/invoices`);
    await page.getByLabel('User name').fill(USERNAME);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await page.locator('.office-list .doc-row').first().waitFor();
    const texts = { draft: 'draft', issued: 'issued', partially_paid: 'partly paid', paid: 'paid' } as const;
    for (const [kind, radio] of [
      ['invoice', 'Invoices'],
      ['offer', 'Offers'],
    ] as const) {
      await page.getByRole('radio', { name: radio }).check();
      for (const state of DOCUMENT_STATES[kind]) {
        await page.getByLabel('State').selectOption(state);
        const badge = page.locator(`.office-list .doc-${state}`).first();
        await badge.waitFor();
        const text = (await badge.textContent()) ?? '';
        assert.equal(text, texts[state as keyof typeof texts] ?? state, `${kind} ${state}`);
      }
      await page.getByLabel('State').selectOption('');
      await page.locator('.office-list .doc-row').first().waitFor();
      assert.doesNotMatch((await page.locator('main').textContent()) ?? '', /ofDocState|undefined/);
    }
    await page.getByRole('radio', { name: 'Invoices' }).check();
    // The unfiltered list shows the overdue invoices among the others (newest first: the busy month on page 1).
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('.office-list .doc-overdue').first().waitFor();
    assert.deepEqual(pageErrors, []);
  });

  test('a new invoice: service period, unit, "31,50" as the unit price; a bad number refused at its field', async () => {
    await page.getByRole('button', { name: 'New invoice' }).click();
    // The current month is the default period.
    // The browser's month (it runs in Berlin): on a month's last evening UTC's is still the one before.
    const month = browserDate().slice(0, 7);
    assert.equal(await page.getByLabel('Service from').inputValue(), `${month}-01`);
    await page.getByLabel('Customer').selectOption({ label: 'Muster Immobilien GmbH' });
    await page.getByLabel('Title').fill('Unterhaltsreinigung Oktober');
    await page.getByLabel('Service from').fill('2026-10-01');
    await page.getByLabel('Service until').fill('2026-10-31');
    await page.locator('#pos-0-title').fill('Büroreinigung');
    await page.locator('#pos-0-quantity').fill('12,5');
    await page.locator('#pos-0-unit').fill('Std');
    await page.locator('#pos-0-price').fill('31,5O'); // a letter O: refused before anything is sent
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.locator('#pos-0-price-error').getByText('Not a number').waitFor();
    assert.equal(await page.locator('#pos-0-price').getAttribute('aria-invalid'), 'true');
    await page.locator('#pos-0-price').fill('31,50');
    await page.getByRole('button', { name: 'Add a position' }).click();
    await page.locator('#pos-1-title').fill('Glasreinigung');
    await page.locator('#pos-1-quantity').fill('1.234,5');
    await page.locator('#pos-1-unit').fill('m²');
    await page.locator('#pos-1-price').fill('0,85');
    await page.getByRole('button', { name: 'Save draft' }).click();
    // 12.5 × 31.50 = 393.75 and 1234.5 × 0.85 = 1049.33 (rounded), net 1443.08.
    await page.locator('.totals').getByText('€1,443.08').waitFor();
    const [draft] = await api('GET', `/v2/invoices/?customerId=${customerId}&status=draft`);
    assert.deepEqual(draft.servicePeriod, { from: '2026-10-01', to: '2026-10-31' });
    assert.deepEqual(
      draft.positions.map((p: { quantity: number; unit: string; price: number }) => [p.quantity, p.unit, p.price]),
      [
        [12.5, 'Std', 31.5],
        [1234.5, 'm²', 0.85],
      ],
    );
    ids.fresh = draft._id;
    await page.locator('.office-panel').getByText('Service period: 1 Oct 2026 – 31 Oct 2026').waitFor();
  });

  test('issuing asks first, naming recipient, number, period, total; the PDF shows the period and 31,50', async () => {
    // The customer and the number pattern load apart. The pattern is held back until the customer shows, so the
    // preview is read only once both have come (a busy machine answered them in either order).
    const settingsRead = (url: URL) => url.pathname === '/v2/company/invoicingSettings';
    let customerShown!: () => void;
    const shown = new Promise<void>((resolve) => {
      customerShown = resolve;
    });
    await page.route(settingsRead, async (route) => {
      await shown;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Issue', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Issue Draft/ });
    await dialog.waitFor();
    const preview = dialog.locator('.send-preview');
    try {
      await preview.getByText('buchhaltung@muster-immobilien.example').waitFor();
      assert.match((await preview.textContent()) ?? '', /Number…/);
      customerShown();
      await preview.getByText(/the next free number of/).waitFor();
    } finally {
      customerShown();
      await page.unroute(settingsRead);
    }
    const text = (await preview.textContent()) ?? '';
    assert.match(text, /Muster Immobilien GmbH.*Lindenweg 5.*20095 Hamburg/);
    assert.match(text, /the next free number of RE-2026-#####/);
    assert.match(text, /1 Oct 2026 – 31 Oct 2026/);
    assert.match(text, /€1,717\.27/); // 1443.08 + 19 % VAT
    assert.match(text, /Nothing is sent when issuing/);
    await assertAccessible(page, 'billing: issue confirmation');
    // The safe choice has the focus; Escape goes back without issuing.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Go back');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal((await api('GET', `/v2/invoices/${ids.fresh}`)).state, 'draft');
    await screenshotOf('billing-issue-confirm', async () => {
      await page.getByRole('button', { name: 'Issue', exact: true }).click();
      await preview.getByText('buchhaltung@').waitFor();
      await preview.getByText(/the next free number of/).waitFor();
    });
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Issue', exact: true }).click();
    await dialog.getByRole('button', { name: 'Issue now' }).click();
    await page.getByRole('status').filter({ hasText: 'Issued.' }).waitFor();
    const issued = await api('GET', `/v2/invoices/${ids.fresh}`);
    assert.equal(issued.state, 'issued');

    const pdf = await t.app.inject({ method: 'GET', url: `/v2/invoices/${ids.fresh}/pdf`, headers });
    assert.equal(pdf.statusCode, 200);
    const dir = mkdtempSync(join(tmpdir(), 'crewbase-billing-pdf-'));
    try {
      writeFileSync(join(dir, 'invoice.pdf'), pdf.rawPayload);
      const words = execFileSync('pdftotext', ['-layout', join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
      assert.match(words, /Leistungszeitraum\s+01\.10\.2026 – 31\.10\.2026/);
      assert.match(words, /12,5\s+Std\s+31,50 €/);
      assert.match(words, /1\.234,5\s+m²\s+0,85 €/);
      if (SCREENSHOTS)
        execFileSync('pdftoppm', [
          '-png',
          '-r',
          '80',
          '-f',
          '1',
          '-l',
          '1',
          '-singlefile',
          join(dir, 'invoice.pdf'),
          screenshotPath('invoice-service-period').replace(/\.png$/, ''),
        ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('sending asks first, naming the address and the attachment', async () => {
    await page.getByRole('button', { name: 'Send by mail' }).click();
    const dialog = page.getByRole('dialog', { name: /^Send RE-2026-\d+ by mail\?/ });
    const preview = dialog.locator('.send-preview');
    await preview.getByText('buchhaltung@muster-immobilien.example').waitFor();
    assert.match((await preview.textContent()) ?? '', /PDF: RE-2026-\d+\.pdf/);
    // The invoice read again after sending answers late. An amount typed while that read runs stays (the read
    // leaves a changed amount alone), and so does one typed once "Sent by mail." shows (the outcome waits for
    // the read).
    const invoiceRead = (url: URL) => url.pathname === `/v2/invoices/${ids.fresh}`;
    let readAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      readAsked = resolve;
    });
    await page.route(invoiceRead, async (route) => {
      readAsked();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const amount = page.getByLabel('Amount', { exact: true });
    try {
      await dialog.getByRole('button', { name: 'Send now' }).click();
      await asked;
      await amount.fill('56,78');
      await page.getByRole('status').filter({ hasText: 'Sent by mail.' }).waitFor();
      assert.equal(await amount.inputValue(), '56,78');
      await amount.fill('12,34');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.equal(await amount.inputValue(), '12,34');
    } finally {
      await page.unroute(invoiceRead);
    }
    assert.equal((await api('GET', `/v2/invoices/${ids.fresh}`)).sendings.length, 1);
  });

  test('a change of language keeps the payment amount typed in the open invoice', async () => {
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.fill('12,34');
    try {
      await page.getByLabel('Language').selectOption('de');
      await page.getByRole('heading', { name: 'Rechnungen', level: 1 }).waitFor();
      await new Promise((resolve) => setTimeout(resolve, 500)); // time to read the invoice again, were it asked
      assert.equal(await page.getByLabel('Betrag', { exact: true }).inputValue(), '12,34');
    } finally {
      if (await page.getByLabel('Sprache').count()) await page.getByLabel('Sprache').selectOption('en');
    }
    assert.equal(await amount.inputValue(), '12,34');
  });

  test('a credit note from the invoice, its amount typed "100,00" (checked through the API)', async () => {
    await page.getByRole('button', { name: 'Credit note' }).click();
    await page.getByLabel('Amount (net)').fill('100,00');
    await page.getByRole('button', { name: 'Issue credit note' }).click();
    const dialog = page.getByRole('dialog', { name: /Issue a credit note of €119\.00 for RE-2026-\d+\?/ });
    await dialog.getByRole('button', { name: 'Issue credit note' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Credit note GS-2026-\d+ issued\./ })
      .waitFor();
    const credits = await api('GET', `/v2/credits/?customerId=${customerId}`);
    assert.equal(credits.length, 1);
    assert.equal(credits[0].creditedInvoiceId, ids.fresh);
    assert.equal(credits[0].state, 'issued');
    assert.equal(credits[0].grossAmount, 119);
    assert.deepEqual(credits[0].servicePeriod, { from: '2026-10-01', to: '2026-10-31' });
  });

  test('a cancellation (Storno) from the console, after a confirmation (checked through the API)', async () => {
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByLabel('State').selectOption('issued');
    await page.getByRole('button', { name: /Muster Immobilien GmbH.*€999\.60/ }).click(); // 20 × 42 + VAT
    await page.getByRole('button', { name: 'Cancel invoice (Storno)' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel RE-2026-\d+\?/ });
    await dialog.getByRole('button', { name: 'Cancel the invoice' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Cancelled by ST-2026-\d+\./ })
      .waitFor();
    const cancelled = await api('GET', `/v2/invoices/${ids.toCancel}`);
    assert.equal(cancelled.state, 'cancelled');
    const [storno] = await api('GET', `/v2/invoiceStornos/?_id=${cancelled.stornoId}`);
    assert.equal(storno.invoiceId, ids.toCancel);
    assert.equal(storno.grossAmount, -999.6);
  });

  test('the dunning list: overdue invoices with their levels; the run reminds the one not reminded yet', async () => {
    await page.getByRole('radio', { name: 'Dunning' }).check();
    await page.getByRole('heading', { name: 'Dunning (3)' }).waitFor();
    const rows = page.locator('.office-list .doc-row');
    assert.deepEqual((await rows.locator('.state').allTextContents()).sort(), [
      'Level 2',
      'Level 2',
      'no reminder yet',
    ]);
    assert.match((await rows.first().textContent()) ?? '', /60 days overdue|4\d days overdue/);
    await page.getByRole('button', { name: 'Create due reminders' }).click();
    await page.getByRole('status').filter({ hasText: 'Reminders created: 1.' }).waitFor();
    await page.locator('.office-list .level-1').waitFor();
    assert.equal((await api('GET', `/v2/invoices/${ids.unreminded}`)).reminderLevel, 1);
    await screenshot('billing-dunning');
    // An overdue invoice opens like any other, and takes a payment.
    await rows.first().click();
    await page.locator('.office-panel .doc-overdue').waitFor();
    await page.getByRole('button', { name: 'Record payment' }).waitFor();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
    assert.deepEqual(pageErrors, []);
  });

  test('German: the dunning list and the numbers in German', async () => {
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Mahnwesen (3)' }).waitFor();
    await page.locator('.office-list').getByText('Stufe 2').first().waitFor();
    await page.getByRole('radio', { name: 'Rechnungen' }).check();
    await page.getByLabel('Status').selectOption('overdue');
    await page.locator('.office-list .doc-overdue').first().getByText('überfällig').waitFor();
    await page.getByLabel('Sprache').selectOption('en');
  });

  test('a filter whose answer comes late does not replace the list of the filter chosen after it', async () => {
    await page.getByRole('radio', { name: 'Invoices' }).check();
    const issuedOnly = (url: URL) =>
      url.pathname === '/v2/invoices/' && url.searchParams.getAll('status').includes('issued');
    await page.route(issuedOnly, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    try {
      await page.getByLabel('State').selectOption('issued');
      await page.getByLabel('State').selectOption('overdue');
      await page.locator('.office-list .doc-overdue').first().waitFor();
      await page.waitForResponse((response) => issuedOnly(new URL(response.url())));
      await new Promise((resolve) => setTimeout(resolve, 300)); // time to render it, were it taken
      assert.equal(await page.locator('.office-list .doc-issued').count(), 0, 'the late answer was dropped');
      assert.ok((await page.locator('.office-list .doc-overdue').count()) > 0);
    } finally {
      await page.unroute(issuedOnly);
    }
    await page.getByLabel('State').selectOption('');
  });

  test('every request went to this server', () => {
    assert.deepEqual(browser!.elsewhere(), [], 'requests to other hosts');
  });

  /** Takes the desktop and phone screenshots of what `show` opens (a dialog), reopened after the resize. */
  async function screenshotOf(name: string, show: () => Promise<void>) {
    if (!SCREENSHOTS) return;
    await show();
    await page.screenshot({ path: screenshotPath(`${name}-desktop`) });
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await show();
    await page.screenshot({ path: screenshotPath(`${name}-phone`) });
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);
  }
});
