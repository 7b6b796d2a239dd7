// Sending documents (POST …/send) to a real SMTP server on 127.0.0.1: each format arrives as an
// attachment with its file name and type and is the document (PDF, XML root and number, the CII
// inside the ZUGFeRD PDF); the recipient and format come from the customer or the request; what is
// refused (no address, drafts, other tenants, read-only keys, an e-invoice from incomplete data);
// the sendings record and its event; and a mail that waits while the server is down.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { inTenant } from '../../src/platform/db/tenant.js';
import { MAX_MAIL_BYTES, mailOutbox, queueMail } from '../../src/platform/mail/outbox.js';
import { mailTransport } from '../../src/platform/mail/mail-transport.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createKey } from '../helpers/principals.js';
import {
  decodeMultipartMail,
  startSmtpServer,
  type ReceivedMail,
  type SmtpTestServer,
} from '../helpers/smtp-server.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';
import { assertProblem, eventsUntil, http, pdfStreams } from './invoicing-helpers.js';

let t: TestApp;
let a: Tenant;
let other: Tenant;
let server: SmtpTestServer | undefined;
let port = 0;
const received: ReceivedMail[] = [];
const { req, ok } = http(() => t.app);
const id: Record<string, string> = {};
const number: Record<string, string> = {};
let ciiCustomer: string;

const position = (quantity: number, price: number) => ({ title: 'Unterhaltsreinigung', quantity, price, tax: 0.19 });

/** A document of `collection`, issued; returns its id and number. */
async function issued(collection: string, body: Record<string, unknown>) {
  const docId = (await ok('POST', `/v2/${collection}/`, a.headers, body, 201))._id;
  return {
    docId,
    documentNumber: (await ok('POST', `/v2/${collection}/${docId}/issue`, a.headers)).documentNumber as string,
  };
}

/** Sends, expects 200 and exactly one new mail; returns the answer and that mail, decoded. */
async function send(path: string, body: Record<string, unknown> = {}) {
  const before = received.length;
  const answer = await ok('POST', `/v2/${path}/send`, a.headers, body);
  assert.equal(received.length, before + 1, 'one mail, sent before the answer');
  return { answer, raw: received.at(-1)!, mail: decodeMultipartMail(received.at(-1)!.raw) };
}

before(async () => {
  server = await startSmtpServer(0, received);
  port = server.port;
  t = await createTestApp({ MAIL_TRANSPORT: `smtp://127.0.0.1:${port}` });
  a = await signup(t.app, 'Sender');
  other = await signup(t.app, 'Stranger');
  await setUpSeller(t.app, a.headers);
  ciiCustomer = await createBuyer(t.app, a.headers, {
    invoiceDelivery: { format: 'XRECHNUNG_CII', email: 'eingang@muster-immobilien.example' },
  });
  const pdfCustomer = await createBuyer(t.app, a.headers, { name: 'Plain GmbH' });
  const noMail = await createBuyer(t.app, a.headers, { name: 'Ohne Post GmbH', contact: {} });
  ({ docId: id.invoice, documentNumber: number.invoice } = await issued('invoices', {
    customerId: ciiCustomer,
    positions: [position(10, 35)],
  }));
  ({ docId: id.plain, documentNumber: number.plain } = await issued('invoices', {
    customerId: pdfCustomer,
    positions: [position(2, 50)],
  }));
  ({ docId: id.credit, documentNumber: number.credit } = await issued('credits', {
    customerId: pdfCustomer,
    creditedInvoiceId: id.plain,
    positions: [position(1, 50)],
  }));
  ({ docId: id.offer, documentNumber: number.offer } = await issued('offers', {
    customerId: pdfCustomer,
    positions: [position(4, 40)],
  }));
  ({ docId: id.offerNoMail } = await issued('offers', { customerId: noMail, positions: [position(1, 40)] }));
  const cancelled = await issued('invoices', { customerId: pdfCustomer, positions: [position(1, 80)] });
  ({ _id: id.storno, documentNumber: number.storno } = await ok(
    'POST',
    `/v2/invoices/${cancelled.docId}/cancel`,
    a.headers,
  ));
  ({ docId: id.overdue, documentNumber: number.overdue } = await issued('invoices', {
    customerId: pdfCustomer,
    documentDate: '2026-09-01',
    positions: [position(1, 450)],
  }));
  id.reminder = (await ok('POST', '/v2/invoiceReminders/run', a.headers, { date: '2026-09-22' })).created[0];
  id.draft = (
    await ok('POST', '/v2/invoices/', a.headers, { customerId: pdfCustomer, positions: [position(1, 10)] }, 201)
  )._id;
});
after(async () => {
  await t?.close(); // undefined when `before` failed: what it started must still be stopped
  await server?.close();
});

describe('each format as an attachment', () => {
  test("the customer's choice (XRechnung CII) to their billing address, with a German subject and text", async () => {
    const { answer, raw, mail } = await send(`invoices/${id.invoice}`);
    assert.deepEqual(raw.to, ['eingang@muster-immobilien.example'], 'invoiceDelivery.email, not contact.email');
    assert.deepEqual(
      [answer.to, answer.format, answer.status, answer.documentNumber],
      ['eingang@muster-immobilien.example', 'XRECHNUNG_CII', 'sent', number.invoice],
    );
    assert.match(number.invoice!, /^RE-\d{4}-\d{5}$/);
    assert.equal(mail.header('Subject'), `Rechnung ${number.invoice}`);
    assert.equal(mail.header('Reply-To'), 'rechnung@glanz.example', 'replies reach the seller');
    assert.match(
      mail.text,
      /^Sehr geehrte Damen und Herren,\n\nmit dieser E-Mail erhalten Sie unsere Rechnung RE-\d{4}-\d{5} vom \d\d\.\d\d\.\d{4} über 416,50 € als XRechnung \(CII\)\. Bitte zahlen Sie bis zum \d\d\.\d\d\.\d{4}\.\n/,
    );
    assert.match(mail.text, /Mit freundlichen Grüßen\nGlanz & Co\. Gebäudereinigung GmbH$/);
    assert.equal(mail.attachments.length, 1);
    const [file] = mail.attachments;
    assert.deepEqual([file!.filename, file!.contentType], [`${number.invoice}-cii.xml`, 'application/xml']);
    const xml = file!.content.toString('utf8');
    assert.match(xml, /^<\?xml[^>]*>\s*<rsm:CrossIndustryInvoice /);
    assert.ok(xml.includes(`<ram:ID>${number.invoice}</ram:ID>`), 'the document number (BT-1)');
  });

  test('XRechnung UBL and ZUGFeRD by override; the ZUGFeRD PDF carries the CII XML', async () => {
    const ubl = (await send(`invoices/${id.invoice}`, { format: 'XRECHNUNG_UBL' })).mail.attachments[0]!;
    assert.deepEqual([ubl.filename, ubl.contentType], [`${number.invoice}-ubl.xml`, 'application/xml']);
    assert.match(
      ubl.content.toString('utf8'),
      /^<\?xml[^>]*>\s*<Invoice\s[^>]*xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/,
    );
    assert.ok(ubl.content.toString('utf8').includes(`<cbc:ID>${number.invoice}</cbc:ID>`));

    const zugferd = (await send(`invoices/${id.invoice}`, { format: 'ZUGFERD' })).mail.attachments[0]!;
    assert.deepEqual([zugferd.filename, zugferd.contentType], [`${number.invoice}-zugferd.pdf`, 'application/pdf']);
    assert.equal(zugferd.content.subarray(0, 5).toString('latin1'), '%PDF-');
    const embedded = pdfStreams(zugferd.content)
      .map((s) => s.toString('utf8'))
      .find((s) => s.includes('<rsm:CrossIndustryInvoice'));
    assert.ok(embedded, 'the CII XML is embedded');
    assert.ok(embedded.includes(`<ram:ID>${number.invoice}</ram:ID>`));
  });

  test('PDF by default (contact.email); the download route gives the same file', async () => {
    const { raw, mail, answer } = await send(`invoices/${id.plain}`);
    assert.deepEqual(raw.to, ['buchhaltung@muster-immobilien.example']);
    assert.equal(answer.format, 'PDF');
    const [file] = mail.attachments;
    assert.deepEqual([file!.filename, file!.contentType], [`${number.plain}.pdf`, 'application/pdf']);
    assert.equal(file!.content.subarray(0, 5).toString('latin1'), '%PDF-');
    const download = await t.app.inject({ method: 'GET', url: `/v2/invoices/${id.plain}/pdf`, headers: a.headers });
    assert.equal(
      download.headers['content-disposition'],
      `inline; filename="${number.plain}.pdf"; filename*=UTF-8''${number.plain}.pdf`,
    );
    assert.equal(download.rawPayload.length, file!.content.length, 'one code path for download and mail');
  });

  test('credits, cancellations and offers: their own subject and file; an offer is a PDF only', async () => {
    const credit = await send(`credits/${id.credit}`, {
      to: 'gutschrift@plain.example',
      subject: 'Ihre Gutschrift für März',
      message: 'Anbei die Gutschrift.',
    });
    assert.deepEqual(credit.raw.to, ['gutschrift@plain.example'], 'the override');
    assert.deepEqual(
      [credit.mail.header('Subject'), credit.mail.text],
      ['Ihre Gutschrift für März', 'Anbei die Gutschrift.'],
    );
    assert.equal(credit.mail.attachments[0]!.filename, `${number.credit}.pdf`);

    const storno = await send(`invoiceStornos/${id.storno}`, { format: 'XRECHNUNG_UBL' });
    assert.equal(storno.mail.header('Subject'), `Stornorechnung ${number.storno}`);
    assert.match(
      storno.mail.text,
      /erhalten Sie unsere Stornorechnung ST-\d{4}-\d{5} vom [\d.]+ als XRechnung \(UBL\)\. Sie storniert unsere Rechnung RE-\d{4}-\d{5}\./,
    );
    assert.ok(storno.mail.attachments[0]!.content.toString('utf8').includes(`<cbc:ID>${number.storno}</cbc:ID>`));

    const offer = await send(`offers/${id.offer}`);
    assert.equal(offer.mail.header('Subject'), `Angebot ${number.offer}`);
    assert.match(
      offer.mail.text,
      /mit dieser E-Mail erhalten Sie unser Angebot AN-\d{4}-\d{5} vom .* über 190,40 € als PDF-Datei\.\n/,
    );
    assert.deepEqual(
      offer.mail.attachments.map((f) => f.filename),
      [`${number.offer}.pdf`],
    );
    assertProblem(await req('POST', `/v2/offers/${id.offer}/send`, a.headers, { format: 'ZUGFERD' }), 400, 'format');
  });

  test('a reminder: its letter (subject and text from the reminder) and a PDF copy of the invoice', async () => {
    const reminder = await ok('GET', `/v2/invoiceReminders/${id.reminder}`, a.headers);
    const { mail, answer } = await send(`invoiceReminders/${id.reminder}`);
    assert.equal(answer.documentNumber, number.overdue);
    assert.equal(mail.header('Subject'), reminder.subject);
    assert.equal(mail.text, reminder.text);
    assert.deepEqual(
      mail.attachments.map((f) => [f.filename, f.contentType]),
      [
        [`Zahlungserinnerung-${number.overdue}.pdf`, 'application/pdf'],
        [`${number.overdue}.pdf`, 'application/pdf'],
      ],
    );
    assert.ok(mail.attachments.every((f) => f.content.subarray(0, 5).toString('latin1') === '%PDF-'));
    assertProblem(
      await req('POST', `/v2/invoiceReminders/${id.reminder}/send`, a.headers, { format: 'XRECHNUNG_UBL' }),
      400,
      'format',
    );
    // Recorded on the reminder and, with its id, on the invoice.
    assert.equal((await ok('GET', `/v2/invoiceReminders/${id.reminder}`, a.headers)).sendings.length, 1);
    const invoice = await ok('GET', `/v2/invoices/${id.overdue}`, a.headers);
    assert.equal(invoice.sendings.at(-1).reminderId, id.reminder);
    // Once the invoice is paid, its reminder no longer goes out.
    await ok(
      'POST',
      '/v2/payments/',
      a.headers,
      { invoiceId: id.overdue, amount: invoice.grossAmount, date: '2026-09-25' },
      201,
    );
    assertProblem(await req('POST', `/v2/invoiceReminders/${id.reminder}/send`, a.headers), 409);
  });
});

describe('what is refused', () => {
  const outgoingCount = async () =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM outgoing_mails`.execute(t.database.kysely)).rows[0]!.n);

  test('no billing address: 422 naming invoiceDelivery.email; drafts 409; other tenants 404; a read-only key 403; bad bodies 400', async () => {
    const queued = await outgoingCount();
    const none = await req('POST', `/v2/offers/${id.offerNoMail}/send`, a.headers);
    assertProblem(none, 422, 'invoiceDelivery.email');
    assert.match(JSON.stringify(none.body.errors), /PATCH \/v2\/customers\/[0-9a-f]{24}/);
    assert.equal(
      (await req('POST', `/v2/offers/${id.offerNoMail}/send`, a.headers, { to: 'post@ohne.example' })).status,
      200,
      'a given address will do',
    );
    assertProblem(await req('POST', `/v2/invoices/${id.draft}/send`, a.headers), 409);
    assertProblem(await req('POST', `/v2/invoices/${id.invoice}/send`, other.headers), 404);
    assertProblem(await req('POST', `/v2/invoiceReminders/${id.reminder}/send`, other.headers), 404);
    const readKey = await createKey(t.app, a.headers, 'read');
    assertProblem(await req('POST', `/v2/invoices/${id.invoice}/send`, readKey.headers), 403);
    assertProblem(await req('POST', `/v2/invoices/${id.invoice}/send`, a.headers, { to: 'not an address' }), 400, 'to');
    assertProblem(await req('POST', `/v2/invoices/${id.invoice}/send`, a.headers, { cc: 'x@y.example' }), 400);
    assertProblem(
      await req('POST', `/v2/invoices/${id.invoice}/send`, a.headers, { subject: 'x'.repeat(201) }),
      400,
      'subject',
    );
    assert.equal(await outgoingCount(), queued + 1, 'only the one with an address was queued');
  });

  test('more than 10 MiB of files in one mail: 422, nothing queued', async () => {
    const queued = await outgoingCount();
    const file = { filename: 'big.pdf', contentType: 'application/pdf', content: Buffer.alloc(MAX_MAIL_BYTES + 1) };
    await assert.rejects(
      inTenant(t.database, a.companyId, (tx) =>
        queueMail(tx, { to: 'x@y.example', subject: 's', text: 't', attachments: [file] }),
      ),
      { status: 422 },
    );
    assert.equal(await outgoingCount(), queued);
  });

  test('an e-invoice from a document issued before the data rule: 422 naming the fields, for mail and download alike; the PDF still goes', async () => {
    await sql`UPDATE invoices SET doc = doc #- '{seller,phone}' WHERE id = ${id.plain}`.execute(t.database.kysely);
    const queued = await outgoingCount();
    assertProblem(
      await req('POST', `/v2/invoices/${id.plain}/send`, a.headers, { format: 'XRECHNUNG_UBL' }),
      422,
      'seller.phone',
    );
    assertProblem(
      await req('POST', `/v2/invoices/${id.plain}/send`, a.headers, { format: 'ZUGFERD' }),
      422,
      'seller.phone',
    );
    assertProblem(await req('GET', `/v2/invoices/${id.plain}/xrechnung?syntax=cii`, a.headers), 422, 'seller.phone');
    assert.equal(await outgoingCount(), queued, 'nothing queued');
    assert.equal((await send(`invoices/${id.plain}`)).answer.format, 'PDF');
  });
});

describe('the record of sending', () => {
  test('sendings[] on the document, and its UPDATE event', async () => {
    const invoice = await ok('GET', `/v2/invoices/${id.invoice}`, a.headers);
    assert.deepEqual(
      invoice.sendings.map((s: Json) => s.format),
      ['XRECHNUNG_CII', 'XRECHNUNG_UBL', 'ZUGFERD'],
    );
    const [first] = invoice.sendings;
    assert.equal(first.to, 'eingang@muster-immobilien.example');
    assert.equal(first.userId, a.userId);
    assert.match(first.mailId, /^[0-9a-f]{24}$/);
    assert.ok(Date.parse(first.at) > Date.now() - 600_000);
    const { rows } = await sql<{
      status: string;
      about: Json;
    }>`SELECT status, about FROM outgoing_mails WHERE id = ${first.mailId}`.execute(t.database.kysely);
    assert.deepEqual([rows[0]!.status, rows[0]!.about], ['sent', { documentId: id.invoice, kind: 'invoice' }]);
    await eventsUntil(
      t.app,
      a,
      (events) =>
        events.some(
          (e) =>
            e.type === 'UPDATE' &&
            e.entity === 'invoice' &&
            e.data._id === id.invoice &&
            e.data.sendings?.some((s: Json) => s.mailId === first.mailId),
        ),
      'the invoice UPDATE with the sending',
    );
  });
});

describe('a mail server that is down', () => {
  test("the mail stays pending with its file and goes out on the worker's next pass", async () => {
    await server!.close();
    const before = received.length;
    const answer = await ok('POST', `/v2/credits/${id.credit}/send`, a.headers, { format: 'ZUGFERD' });
    assert.equal(answer.status, 'pending');
    assert.equal(received.length, before);
    const row = async () =>
      (
        await sql<{
          status: string;
          attempts: number;
        }>`SELECT status, attempts FROM outgoing_mails WHERE id = ${answer.mailId}`.execute(t.database.kysely)
      ).rows[0]!;
    assert.deepEqual(await row(), { status: 'pending', attempts: 1 });

    server = await startSmtpServer(port, received);
    await sql`UPDATE outgoing_mails SET next_at = now() - interval '1 second' WHERE id = ${answer.mailId}`.execute(
      t.database.kysely,
    );
    const transport = mailTransport(`smtp://127.0.0.1:${port}`, 'Crewbase <no-reply@localhost>', { info() {} });
    try {
      assert.equal(await mailOutbox(t.database, transport).sendDue(), 1);
    } finally {
      transport.close();
    }
    assert.deepEqual(await row(), { status: 'sent', attempts: 2 });
    assert.equal(received.length, before + 1);
    const file = decodeMultipartMail(received.at(-1)!.raw).attachments[0]!;
    assert.deepEqual(
      [file.filename, file.content.subarray(0, 5).toString('latin1')],
      [`${number.credit}-zugferd.pdf`, '%PDF-'],
    );
  });
});
