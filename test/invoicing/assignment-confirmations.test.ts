// Assignment confirmations (Auftragsbestätigungen): made from an accepted offer (409 otherwise) or
// from an assignment's billing data, numbered in their own range, rendered as PDF ("Auftragsbestätigung"),
// mailed as PDF through the sending path, states draft → sent → confirmed, and who may do it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import {
  decodeMultipartMail,
  startSmtpServer,
  type ReceivedMail,
  type SmtpTestServer,
} from '../helpers/smtp-server.js';
import { createTestApp, signup, type Tenant, type TestApp, type Json } from '../helpers/test-app.js';
import { assertProblem, eventsUntil, http, pdfText } from './invoicing-helpers.js';

let t: TestApp;
let a: Tenant;
let other: Tenant;
let server: SmtpTestServer | undefined;
const received: ReceivedMail[] = [];
const { req, ok, raw } = http(() => t.app);
let customerId: string;
let objectId: string;

const position = (title: string, quantity: number, price: number, extra: object = {}) => ({
  title,
  quantity,
  price,
  tax: 0.19,
  ...extra,
});

/** An issued offer, accepted when `accept`; returns its id. */
async function offer(accept: boolean) {
  const id = (
    await ok(
      'POST',
      '/v2/offers/',
      a.headers,
      {
        customerId,
        objectId,
        title: 'Unterhaltsreinigung Praxis',
        introText: 'Wie besprochen bieten wir an:',
        closingText: 'Wir freuen uns auf Ihren Auftrag.',
        positions: [position('Reinigung', 10, 30), position('Fensterreinigung', 1, 99, { isOptional: true })],
      },
      201,
    )
  )._id;
  await ok('POST', `/v2/offers/${id}/issue`, a.headers);
  if (accept) await ok('POST', `/v2/offers/${id}/accept`, a.headers);
  return id as string;
}

before(async () => {
  server = await startSmtpServer(0, received);
  t = await createTestApp({ MAIL_TRANSPORT: `smtp://127.0.0.1:${server.port}` });
  a = await signup(t.app, 'Confirming');
  other = await signup(t.app, 'Stranger');
  await setUpSeller(t.app, a.headers);
  customerId = await createBuyer(t.app, a.headers);
  objectId = (await ok('POST', '/v2/objects/', a.headers, { name: 'Praxis Dr. Nord', customerId }, 201))._id;
});
after(async () => {
  await t?.close(); // undefined when `before` failed: what it started must still be stopped
  await server?.close();
});

describe('assignment confirmations', () => {
  test('from an accepted offer: customer, object, texts and counted positions; the offer names it', async () => {
    const offerId = await offer(true);
    const made = await ok('POST', `/v2/offers/${offerId}/assignmentConfirmation`, a.headers, undefined, 201);
    const doc = await ok('GET', `/v2/assignmentConfirmations/${made._id}`, a.headers);
    assert.equal(doc.state, 'draft');
    assert.equal(doc.documentNumber, undefined);
    assert.deepEqual(
      [doc.customerId, doc.objectId, doc.offerId, doc.introText, doc.closingText],
      [customerId, objectId, offerId, 'Wie besprochen bieten wir an:', 'Wir freuen uns auf Ihren Auftrag.'],
    );
    assert.deepEqual(
      doc.positions.map((p: Json) => p.title),
      ['Reinigung'],
      'the optional position is not confirmed',
    );
    assert.equal(doc.grossAmount, 357);
    assert.equal((await ok('GET', `/v2/offers/${offerId}`, a.headers)).assignmentConfirmationId, made._id);
    assertProblem(await req('POST', `/v2/offers/${offerId}/assignmentConfirmation`, a.headers), 409);
    await eventsUntil(
      t.app,
      a,
      (events) => events.some((e) => e.entity === 'assignmentconfirmation' && e.type === 'CREATE'),
      'the CREATE event of the confirmation',
    );
  });

  test('an offer not accepted (draft, issued, declined) is 409; an unknown one 404', async () => {
    const issued = await offer(false);
    assertProblem(await req('POST', `/v2/offers/${issued}/assignmentConfirmation`, a.headers), 409);
    await ok('POST', `/v2/offers/${issued}/decline`, a.headers);
    assertProblem(await req('POST', `/v2/offers/${issued}/assignmentConfirmation`, a.headers), 409);
    assertProblem(await req('POST', `/v2/offers/${'0'.repeat(24)}/assignmentConfirmation`, a.headers), 404);
  });

  test("from an assignment: its billing positions and an hourly rate's position", async () => {
    const assignmentId = (
      await ok(
        'POST',
        '/v2/assignments/',
        a.headers,
        {
          objectId,
          title: 'Büroreinigung',
          iCalendar: {
            tzid: 'Europe/Berlin',
            rrule: 'FREQ=WEEKLY;BYDAY=MO',
            dtstart: '2026-12-07T06:00',
            dtend: '2026-12-07T08:00',
          },
          billing: { type: 'MANUAL', positions: [{ title: 'Pauschale Dezember', price: 450 }] },
          quota: { billingRateEnabled: true, billingRateCalculation: 'hourly', billingRateAmount: 32.5 },
        },
        201,
      )
    )._id;
    const made = await ok('POST', `/v2/assignments/${assignmentId}/assignmentConfirmation`, a.headers, undefined, 201);
    const doc = await ok('GET', `/v2/assignmentConfirmations/${made._id}`, a.headers);
    assert.deepEqual(
      [doc.customerId, doc.objectId, doc.assignmentId, doc.title],
      [customerId, objectId, assignmentId, 'Büroreinigung'],
    );
    assert.deepEqual(
      doc.positions.map((p: Json) => [p.title, p.quantity, p.unit ?? null, p.price, p.tax]),
      [
        ['Pauschale Dezember', 1, null, 450, 0.19],
        ['Stundensatz Büroreinigung', 1, 'h', 32.5, 0.19],
      ],
    );
    const bare = (
      await ok(
        'POST',
        '/v2/assignments/',
        a.headers,
        {
          objectId,
          iCalendar: {
            tzid: 'UTC',
            rrule: 'FREQ=WEEKLY;BYDAY=TU',
            dtstart: '2026-12-08T06:00',
            dtend: '2026-12-08T07:00',
          },
        },
        201,
      )
    )._id;
    assertProblem(await req('POST', `/v2/assignments/${bare}/assignmentConfirmation`, a.headers), 409);
  });

  test('issuing numbers it in its own range (AB-…) and makes it sent; the PDF is titled Auftragsbestätigung', async () => {
    const first = (
      await ok('POST', `/v2/offers/${await offer(true)}/assignmentConfirmation`, a.headers, undefined, 201)
    )._id;
    const second = (
      await ok('POST', `/v2/offers/${await offer(true)}/assignmentConfirmation`, a.headers, undefined, 201)
    )._id;
    assertProblem(await req('GET', `/v2/assignmentConfirmations/${first}/pdf`, a.headers), 409, undefined);
    const n1 = (await ok('POST', `/v2/assignmentConfirmations/${first}/issue`, a.headers)).documentNumber;
    const n2 = (await ok('POST', `/v2/assignmentConfirmations/${second}/issue`, a.headers)).documentNumber;
    assert.match(n1, /^AB-\d{4}-\d{5}$/);
    assert.equal(Number(n2.slice(-5)), Number(n1.slice(-5)) + 1, 'gapless, its own counter');
    const doc = await ok('GET', `/v2/assignmentConfirmations/${first}`, a.headers);
    assert.equal(doc.state, 'sent');
    assert.equal(doc.seller.name, 'Glanz & Co. Gebäudereinigung GmbH', 'seller frozen');
    assertProblem(await req('PATCH', `/v2/assignmentConfirmations/${first}`, a.headers, { title: 'changed' }), 409);
    const pdf = await raw(`/v2/assignmentConfirmations/${first}/pdf`, a.headers);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const text = pdfText(pdf.bytes);
    assert.match(text, new RegExp(`Auftragsbestätigung ${n1}`));
    assert.match(text, /Auftragsnummer/);
    assert.match(text, /Zahlungsbedingungen/);
    assertProblem(await req('GET', `/v2/assignmentConfirmations/${first}/xrechnung`, a.headers), 404);
    // The number format is a setting like the others'.
    await ok('PATCH', '/v2/company/invoicingSettings', a.headers, {
      numberFormats: { assignmentconfirmation: 'AUF-{YY}{MM}-{000}' },
    });
    const third = (
      await ok('POST', `/v2/offers/${await offer(true)}/assignmentConfirmation`, a.headers, undefined, 201)
    )._id;
    assert.match(
      (await ok('POST', `/v2/assignmentConfirmations/${third}/issue`, a.headers)).documentNumber,
      /^AUF-\d{4}-\d{3}$/,
    );
  });

  test('sending mails the PDF with its own subject; a draft is 409; e-invoice formats are 400', async () => {
    const id = (await ok('POST', `/v2/offers/${await offer(true)}/assignmentConfirmation`, a.headers, undefined, 201))
      ._id;
    assertProblem(await req('POST', `/v2/assignmentConfirmations/${id}/send`, a.headers, {}), 409);
    const number = (await ok('POST', `/v2/assignmentConfirmations/${id}/issue`, a.headers)).documentNumber;
    const before = received.length;
    const answer = await ok('POST', `/v2/assignmentConfirmations/${id}/send`, a.headers, {});
    assert.equal(received.length, before + 1);
    assert.deepEqual([answer.format, answer.status, answer.documentNumber], ['PDF', 'sent', number]);
    const mail = decodeMultipartMail(received.at(-1)!.raw);
    assert.equal(mail.header('Subject'), `Auftragsbestätigung ${number}`);
    assert.ok(mail.text.includes(`erhalten Sie unsere Auftragsbestätigung ${number} vom `), mail.text);
    assert.match(mail.text, / über 357,00 € als PDF-Datei\. Wir bestätigen Ihnen damit Ihren Auftrag\./);
    assert.deepEqual(
      mail.attachments.map((f) => f.filename),
      [`${number}.pdf`],
    );
    assert.match(pdfText(mail.attachments[0]!.content), /Auftragsbestätigung/);
    assert.equal((await ok('GET', `/v2/assignmentConfirmations/${id}`, a.headers)).sendings.length, 1);
    assertProblem(
      await req('POST', `/v2/assignmentConfirmations/${id}/send`, a.headers, { format: 'ZUGFERD' }),
      400,
      'format',
    );
  });

  test('the office confirms a sent confirmation once; a draft or confirmed one is 409', async () => {
    const id = (await ok('POST', `/v2/offers/${await offer(true)}/assignmentConfirmation`, a.headers, undefined, 201))
      ._id;
    assertProblem(await req('POST', `/v2/assignmentConfirmations/${id}/confirm`, a.headers), 409);
    await ok('POST', `/v2/assignmentConfirmations/${id}/issue`, a.headers);
    assert.deepEqual(await ok('POST', `/v2/assignmentConfirmations/${id}/confirm`, a.headers), { updated: true });
    const doc = await ok('GET', `/v2/assignmentConfirmations/${id}`, a.headers);
    assert.equal(doc.state, 'confirmed');
    assert.ok(Date.parse(doc.confirmedAt) > Date.now() - 60_000);
    assertProblem(await req('POST', `/v2/assignmentConfirmations/${id}/confirm`, a.headers), 409);
    const listed = await ok('GET', '/v2/assignmentConfirmations/?status=confirmed', a.headers);
    assert.ok(listed.some((d: Json) => d._id === id));
    assert.ok(listed.every((d: Json) => d.state === 'confirmed'));
  });

  test('an employee may not make or confirm one (403); another company sees none (404)', async () => {
    const offerId = await offer(true);
    const employee = await createUser(t.app, a.headers, (await groupIdsOf(t.app, a.headers)).employee);
    assertProblem(await req('POST', `/v2/offers/${offerId}/assignmentConfirmation`, employee.headers), 403);
    const id = (await ok('POST', `/v2/offers/${offerId}/assignmentConfirmation`, a.headers, undefined, 201))._id;
    assertProblem(await req('GET', `/v2/assignmentConfirmations/${id}`, employee.headers), 403);
    assertProblem(await req('POST', `/v2/assignmentConfirmations/${id}/issue`, employee.headers), 403);
    await ok('POST', `/v2/assignmentConfirmations/${id}/issue`, a.headers);
    assertProblem(await req('POST', `/v2/assignmentConfirmations/${id}/confirm`, employee.headers), 403);

    assertProblem(await req('GET', `/v2/assignmentConfirmations/${id}`, other.headers), 404);
    assertProblem(await req('POST', `/v2/assignmentConfirmations/${id}/confirm`, other.headers), 404);
    assertProblem(await req('GET', `/v2/assignmentConfirmations/${id}/pdf`, other.headers), 404);
    assertProblem(await req('POST', `/v2/offers/${offerId}/assignmentConfirmation`, other.headers), 404);
    assert.deepEqual(await ok('GET', '/v2/assignmentConfirmations/', other.headers), []);
  });
});
