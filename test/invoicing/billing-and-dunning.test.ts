// Billing from the schedule (assignment positions, approved hours, the monthly run), offers turned
// into invoices and assignments, invoice templates, and the dunning run.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, signup, type TestApp, type Json } from '../helpers/test-app.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signup>>;
let customerId: string;
let objectId: string;
let userId: string;

const post = (url: string, body?: unknown) => call(t.app, 'POST', url, admin.headers, body);
const get = async (url: string) => (await call(t.app, 'GET', url, admin.headers)).body;
const weekly = (day: string, date: string) => ({
  tzid: 'Europe/Berlin',
  rrule: `FREQ=WEEKLY;BYDAY=${day}`,
  dtstart: `${date}T08:00:00`,
  dtend: `${date}T10:00:00`,
});

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Billing GmbH');
  await setUpSeller(t.app, admin.headers);
  customerId = await createBuyer(t.app, admin.headers, { name: 'HV Süd', contact: { email: 'ap@sued.example' } });
  objectId = (await post('/v2/objects/', { name: 'Kanzlei', customerId })).body._id;
  userId = (await post('/v2/users/', { general: { firstName: 'Ina' } })).body._id;
});
after(() => t.close());

describe('billing from assignments', () => {
  test('a flat-rate assignment and an hourly one give two drafts for October; a second run bills nothing twice', async () => {
    const flat = (
      await post('/v2/assignments/', {
        objectId,
        title: 'Unterhaltsreinigung',
        iCalendar: weekly('MO', '2026-10-05'),
        billing: {
          type: 'MANUAL',
          positions: [
            { title: 'Pauschale', quantity: 1, price: 450, tax: 0.19 },
            { title: 'Material', quantity: 2, price: 12.5 },
          ],
        },
      })
    ).body._id;
    const hourly = (
      await post('/v2/assignments/', {
        objectId,
        title: 'Sonderreinigung',
        iCalendar: weekly('TU', '2026-10-06'),
        quota: { billingRateEnabled: true, billingRateCalculation: 'hourly', billingRateAmount: 30 },
      })
    ).body._id;
    // 2.5 h and 1.75 h approved in October; 1 h in November; a cancelled 5 h in October.
    for (const [start, end, approve] of [
      ['2026-10-06T06:00:00Z', '2026-10-06T08:30:00Z', true],
      ['2026-10-13T06:00:00Z', '2026-10-13T07:45:00Z', true],
      ['2026-11-03T07:00:00Z', '2026-11-03T08:00:00Z', true],
      ['2026-10-20T06:00:00Z', '2026-10-20T11:00:00Z', false],
    ] as const) {
      const entry = (
        await post('/v2/timeTracking/', {
          userId,
          assignmentId: hourly,
          timeStart: start,
          timeEnd: end,
          reason: 'list',
        })
      ).body._id;
      if (approve) assert.equal((await post(`/v2/timeTracking/${entry}/approve`)).status, 200);
    }
    const run = await post('/v2/invoices/generate', { month: '2026-10' });
    assert.equal(run.status, 200, JSON.stringify(run.body));
    assert.deepEqual(run.body.period, { from: '2026-10-01', to: '2026-10-31' });
    assert.equal(run.body.created.length, 2);
    const drafts = await Promise.all(run.body.created.map((id: string) => get(`/v2/invoices/${id}`)));
    const byAssignment = Object.fromEntries(drafts.map((d) => [d.assignmentId, d]));
    // Flat: 450.00 + 2 × 12.50 = 475.00 net, 19 % (the tax default) = 90.25, gross 565.25.
    assert.deepEqual(
      [
        byAssignment[flat].state,
        byAssignment[flat].netAmount,
        byAssignment[flat].taxAmount,
        byAssignment[flat].grossAmount,
      ],
      ['draft', 475, 90.25, 565.25],
    );
    assert.deepEqual(byAssignment[flat].servicePeriod, { from: '2026-10-01', to: '2026-10-31' });
    // Hourly: 2.5 h + 1.75 h = 4.25 h × 30.00 = 127.50 net, 24.23 VAT (24.225 rounded), 151.73 gross.
    const hours = byAssignment[hourly];
    assert.deepEqual([hours.positions[0].quantity, hours.positions[0].price, hours.positions[0].unit], [4.25, 30, 'h']);
    assert.deepEqual([hours.netAmount, hours.taxAmount, hours.grossAmount], [127.5, 24.23, 151.73]);
    assert.equal(hours.customerId, customerId, "the object's customer");
    const billedEntries = (await get('/v2/timeTracking?limit=50')).filter((e: Json) => e.invoiceId === hours._id);
    assert.equal(billedEntries.length, 2);
    assert.equal((await get(`/v2/assignments/${flat}`)).billing.lastInvoiceDate, '2026-11-01T00:00:00.000Z');

    const again = await post('/v2/invoices/generate', { month: '2026-10' });
    assert.deepEqual(again.body.created, []);
    assert.equal(again.body.skipped.length, 2);
    // November: the flat rate again and the one November hour.
    const november = await post('/v2/invoices/generate', { month: '2026-11' });
    assert.equal(november.body.created.length, 2);
    const novHours = (await Promise.all(november.body.created.map((id: string) => get(`/v2/invoices/${id}`)))).find(
      (d) => d.assignmentId === hourly,
    );
    assert.equal(novHours.positions[0].quantity, 1);
  });

  test('one assignment for a period; nothing to bill is 409; a failing assignment is recorded and the run goes on', async () => {
    const empty = (
      await post('/v2/assignments/', {
        objectId,
        title: 'Ohne Abrechnung',
        iCalendar: weekly('WE', '2026-10-07'),
        quota: { billingRateEnabled: true, billingRateCalculation: 'hourly', billingRateAmount: 25 },
      })
    ).body._id;
    const nothing = await post(`/v2/assignments/${empty}/invoice`, { from: '2026-12-01', to: '2026-12-31' });
    assert.equal(nothing.status, 409);
    assert.match(nothing.body.detail, /nothing to bill/);
    const broken = (
      await post('/v2/assignments/', {
        objectId,
        title: 'Kaputt',
        iCalendar: weekly('TH', '2026-10-08'),
        billing: { positions: [{ title: 'Zu genau', quantity: 1, price: 1.00001 }] },
      })
    ).body._id;
    const good = (
      await post('/v2/assignments/', {
        objectId,
        title: 'Gut',
        iCalendar: weekly('FR', '2026-10-09'),
        billing: { positions: [{ title: 'Dezember', quantity: 1, price: 100 }] },
      })
    ).body._id;
    const run = await post('/v2/invoices/generate', { month: '2026-12' });
    assert.ok(
      run.body.failed.some((f: Json) => f.assignmentId === broken && /4 decimals/.test(f.error)),
      JSON.stringify(run.body),
    );
    assert.equal(
      (await Promise.all(run.body.created.map((id: string) => get(`/v2/invoices/${id}`)))).filter(
        (d) => d.assignmentId === good,
      ).length,
      1,
    );
    const error = (await get(`/v2/assignments/${broken}`)).autoGenerateInvoiceError;
    assert.equal(error.month, '2026-12');
    assert.match(error.message, /4 decimals/);
    assert.equal(
      (await post(`/v2/assignments/${good}/invoice`, { from: '2026-12-01', to: '2026-12-31' })).status,
      409,
      'billed by the run already',
    );
    assert.equal((await post('/v2/invoices/generate', { month: '2026-13' })).status, 400);
  });
});

describe('offers and templates', () => {
  test('an accepted offer becomes a draft invoice of its counted positions, or an assignment billing them', async () => {
    const offer = (
      await post('/v2/offers/', {
        customerId,
        title: 'Angebot Glas',
        positions: [
          { title: 'Glas', quantity: 4, price: 25, tax: 0.19 },
          { title: 'Option Rahmen', quantity: 1, price: 40, tax: 0.19, isOptional: true },
        ],
      })
    ).body._id;
    assert.equal((await post(`/v2/offers/${offer}/invoice`)).status, 409, 'a draft offer is not accepted');
    await post(`/v2/offers/${offer}/issue`);
    await post(`/v2/offers/${offer}/accept`);
    const invoiceId = (await post(`/v2/offers/${offer}/invoice`)).body._id;
    const invoice = await get(`/v2/invoices/${invoiceId}`);
    assert.deepEqual(
      [invoice.state, invoice.positions.length, invoice.netAmount, invoice.grossAmount],
      ['draft', 1, 100, 119],
    );
    const assignment = await post(`/v2/offers/${offer}/assignment`, {
      objectId,
      iCalendar: weekly('MO', '2027-01-04'),
    });
    assert.equal(assignment.status, 200, JSON.stringify(assignment.body));
    assert.deepEqual(
      (await get(`/v2/assignments/${assignment.body._id}`)).billing.positions.map((p: Json) => p.title),
      ['Glas'],
    );
    assert.equal((await get(`/v2/offers/${offer}`)).invoiceId, invoiceId);
  });

  test("a document takes its template's texts where it has none; an unknown template is 400", async () => {
    const template = (
      await post('/v2/invoiceTemplates/', {
        name: 'Standard',
        introText: 'Für unsere Leistungen berechnen wir:',
        closingText: 'Vielen Dank.',
      })
    ).body._id;
    const own = (
      await post('/v2/invoices/', {
        customerId,
        templateId: template,
        introText: 'Eigener Text',
        positions: [{ title: 'X', quantity: 1, price: 10, tax: 0.19 }],
      })
    ).body._id;
    assert.deepEqual(
      [(await get(`/v2/invoices/${own}`)).introText, (await get(`/v2/invoices/${own}`)).closingText],
      ['Eigener Text', 'Vielen Dank.'],
    );
    assert.equal(
      (
        await post('/v2/invoices/', {
          customerId,
          templateId: 'f'.repeat(24),
          positions: [{ title: 'X', quantity: 1, price: 10, tax: 0.19 }],
        })
      ).status,
      400,
    );
  });
});

describe('dunning', () => {
  test("a run creates one level at a time once its waiting days have passed, with fees and the level's template", async () => {
    await post('/v2/invoiceReminderTemplates/', {
      level: 2,
      subject: '{title} zu {invoiceNumber}',
      text: 'Offen: {openAmount} €, mit Gebühr {total} €, bis {newDueDate}.',
    });
    const id = (
      await post('/v2/invoices/', {
        customerId,
        documentDate: '2026-09-01',
        positions: [{ title: 'September', quantity: 1, price: 450, tax: 0.19 }],
      })
    ).body._id;
    const { documentNumber } = (await post(`/v2/invoices/${id}/issue`)).body;
    assert.equal((await get(`/v2/invoices/${id}`)).dueDate, '2026-09-15');
    const run = async (date: string) => (await post('/v2/invoiceReminders/run', { date })).body.created as string[];
    assert.deepEqual(await run('2026-09-21'), [], 'level 1 comes 7 days after the due date');
    const [first] = await run('2026-09-22');
    assert.deepEqual(await run('2026-10-05'), [], 'level 2 comes 14 days after level 1');
    const [second] = await run('2026-10-06');
    const reminder1 = await get(`/v2/invoiceReminders/${first}`);
    const reminder2 = await get(`/v2/invoiceReminders/${second}`);
    assert.deepEqual(
      [reminder1.level, reminder1.fee, reminder1.total, reminder1.subject],
      [1, 0, 535.5, `Zahlungserinnerung: Rechnung ${documentNumber}`],
    );
    // 535.50 open + 5.00 fee = 540.50, due 7 days after the run.
    assert.deepEqual([reminder2.level, reminder2.fee, reminder2.total], [2, 5, 540.5]);
    assert.equal(reminder2.subject, `1. Mahnung zu ${documentNumber}`);
    assert.equal(reminder2.text, 'Offen: 535,50 €, mit Gebühr 540,50 €, bis 2026-10-13.');
    const invoice = await get(`/v2/invoices/${id}`);
    assert.deepEqual([invoice.state, invoice.reminderLevel, invoice.reminderFees], ['overdue', 2, 5]);
    const letter = await t.app.inject({
      method: 'GET',
      url: `/v2/invoiceReminders/${second}/pdf`,
      headers: admin.headers,
    });
    assert.equal(letter.statusCode, 200);
    assert.equal(letter.rawPayload.subarray(0, 5).toString(), '%PDF-');
    // Paid invoices are left alone.
    await post('/v2/payments/', { invoiceId: id, amount: 540.5, date: '2026-10-20' });
    assert.deepEqual(await run('2026-12-01'), []);
  });
});
