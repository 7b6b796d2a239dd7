// Customer mail on approval (sendEmailToCustomer): delivered over SMTP to a real server (the
// smtp-server package) listening on 127.0.0.1 only. One mail per customer with an address, a
// notification entry with an error for a customer without one, and a mail that waits in the outbox
// (outgoing_mails) while the server is down and goes out on the next sendDue once it is back.
// MAIL_TRANSPORT=smtp://127.0.0.1:<port> needs no extra options: the server offers no STARTTLS
// (disabledCommands), so nodemailer speaks plain SMTP and sends no credentials.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { mailOutbox } from '../../src/platform/mail/outbox.js';
import { mailTransport } from '../../src/platform/mail/mail-transport.js';
import { requester } from '../helpers/http-assertions.js';
import { decodeMail, startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-server.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let port = 0;
let server: SmtpTestServer | undefined;
const received: ReceivedMail[] = [];

/** Starts the SMTP server on `listenPort` (0: any), collecting into `received`; returns its port. */
async function startSmtp(listenPort: number): Promise<number> {
  server = await startSmtpServer(listenPort, received);
  return server.port;
}

async function stopSmtp(): Promise<void> {
  const smtp = server;
  server = undefined;
  await smtp?.close();
}

const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

async function outgoing(mailId: string) {
  const { rows } = await sql<{
    recipient: string;
    subject: string;
    body: string;
    status: string;
    attempts: number;
    last_error: string | null;
    about: Json;
  }>`
    SELECT recipient, subject, body, status, attempts, last_error, about FROM outgoing_mails WHERE id = ${mailId}`.execute(
    t.database.kysely,
  );
  assert.equal(rows.length, 1, `outgoing mail ${mailId}`);
  return rows[0]!;
}

/** A customer (with or without e-mail), one object of theirs, an absent user with a job there, the absence (not yet approved). */
async function scenario(name: string, options: { email?: string; sendEmailToCustomer?: boolean; day?: string } = {}) {
  const day = options.day ?? '2026-06-16';
  const customerId = (
    await ok(
      'POST',
      '/v2/customers/',
      {
        name: `${name} Facilities`,
        ...(options.email ? { contact: { email: options.email } } : {}),
      },
      201,
    )
  )._id;
  const objectId = (await ok('POST', '/v2/objects/', { name: `${name} Office`, customerId }, 201))._id;
  const userId = (await ok('POST', '/v2/users/', { general: { firstName: 'Mia', lastName: name } }, 201))._id;
  // 08:00-12:00 local on the first day; the absence covers that day and the next.
  const jobId = (
    await ok('POST', '/v2/jobs/', { userId, objectId, from: `${day}T06:00:00Z`, to: `${day}T10:00:00Z` }, 201)
  )._id;
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const absenceId = (
    await ok(
      'POST',
      '/v2/absences/',
      {
        userId,
        type: 1,
        dtStart: `${day}T06:00:00Z`,
        dtEnd: `${next}T14:00:00Z`,
        sendEmailToCustomer: options.sendEmailToCustomer ?? true,
      },
      201,
    )
  )._id;
  return { customerId, objectId, userId, jobId, absenceId, day, next };
}

before(async () => {
  port = await startSmtp(0);
  t = await createTestApp({ MAIL_TRANSPORT: `smtp://127.0.0.1:${port}` });
  assert.equal(t.config.mailTransport, `smtp://127.0.0.1:${port}`);
  admin = await signup(t.app, 'Mailer');
});
after(async () => {
  await t?.close(); // undefined when `before` failed: what it started must still be stopped
  await stopSmtp();
});

describe('customer mail on approval', () => {
  test('the customer of the affected object gets one mail naming the absence dates and the object', async () => {
    received.length = 0;
    const s = await scenario('Riverside', { email: 'facility@riverside.example' });
    const res = await ok('POST', `/v2/absences/${s.absenceId}/approve`);
    assert.equal(res.state, 'approved');
    // Sent right after the commit, before the answer.
    assert.equal(received.length, 1, JSON.stringify(received.map((r) => r.to)));
    const mail = received[0]!;
    assert.deepEqual(mail.to, ['facility@riverside.example']);
    assert.equal(mail.from, 'no-reply@localhost');
    const { header, text } = decodeMail(mail.raw);
    assert.equal(header('To'), 'facility@riverside.example');
    assert.match(header('From')!, /no-reply@localhost/);
    assert.equal(header('Subject'), 'Absence of Mia Riverside: 2026-06-16 to 2026-06-17');
    assert.match(text, /Dear Riverside Facilities,/);
    assert.match(text, /Mia Riverside is absent from 2026-06-16 to 2026-06-17\./);
    assert.match(text, /- 2026-06-16, Riverside Office: a replacement will be arranged/);

    const a = await ok('GET', `/v2/absences/${s.absenceId}`);
    assert.equal(a.customerNotifications.length, 1);
    const n = a.customerNotifications[0];
    assert.equal(n.customerId, s.customerId);
    assert.deepEqual(n.objectIds, [s.objectId]);
    assert.equal(n.email, 'facility@riverside.example');
    assert.match(n.mailId, /^[0-9a-f]{24}$/);
    assert.equal(n.error, undefined);
    assert.ok(!Number.isNaN(Date.parse(n.queuedAt)));
    const row = await outgoing(n.mailId);
    assert.equal(row.status, 'sent');
    assert.equal(row.attempts, 1);
    assert.equal(row.recipient, 'facility@riverside.example');
    assert.equal(row.about.absenceId, s.absenceId);
    assert.equal(row.about.customerId, s.customerId);
  });

  test('a customer without an e-mail address gets a notification entry with an error, and no mail', async () => {
    received.length = 0;
    const s = await scenario('Noaddress');
    await ok('POST', `/v2/absences/${s.absenceId}/approve`);
    assert.equal(received.length, 0);
    const a = await ok('GET', `/v2/absences/${s.absenceId}`);
    assert.equal(a.customerNotifications.length, 1);
    const n = a.customerNotifications[0];
    assert.equal(n.customerId, s.customerId);
    assert.deepEqual(n.objectIds, [s.objectId]);
    assert.equal(typeof n.error, 'string');
    assert.ok(n.error.length > 0);
    assert.equal(n.mailId, undefined);
    assert.equal(n.email, undefined);
  });

  test('customers of several objects: a mail for the one with an address, an error entry for the other', async () => {
    received.length = 0;
    const s = await scenario('Hilltop', { email: 'office@hilltop.example', day: '2026-06-23' });
    const bare = (await ok('POST', '/v2/customers/', { name: 'Bare Ltd' }, 201))._id;
    const bareObject = (await ok('POST', '/v2/objects/', { name: 'Bare Depot', customerId: bare }, 201))._id;
    await ok(
      'POST',
      '/v2/jobs/',
      { userId: s.userId, objectId: bareObject, from: '2026-06-24T06:00:00Z', to: '2026-06-24T08:00:00Z' },
      201,
    );
    await ok('POST', `/v2/absences/${s.absenceId}/approve`);
    assert.equal(received.length, 1);
    assert.deepEqual(received[0]!.to, ['office@hilltop.example']);
    assert.doesNotMatch(decodeMail(received[0]!.raw).text, /Bare Depot/);
    const a = await ok('GET', `/v2/absences/${s.absenceId}`);
    const byCustomer = new Map<string, Json>(a.customerNotifications.map((n: Json) => [n.customerId, n]));
    assert.equal(byCustomer.size, 2);
    assert.equal(byCustomer.get(s.customerId).email, 'office@hilltop.example');
    assert.match(byCustomer.get(s.customerId).mailId, /^[0-9a-f]{24}$/);
    assert.equal(typeof byCustomer.get(bare).error, 'string');
    assert.equal(byCustomer.get(bare).mailId, undefined);
    assert.deepEqual(byCustomer.get(bare).objectIds, [bareObject]);
  });

  test('without sendEmailToCustomer nobody is written to', async () => {
    received.length = 0;
    const s = await scenario('Quiet', { email: 'quiet@quiet.example', sendEmailToCustomer: false });
    await ok('POST', `/v2/absences/${s.absenceId}/approve`);
    assert.equal(received.length, 0);
    assert.deepEqual((await ok('GET', `/v2/absences/${s.absenceId}`)).customerNotifications, []);
  });

  test('a declined absence sends nothing', async () => {
    received.length = 0;
    const s = await scenario('Declined', { email: 'declined@declined.example' });
    await ok('POST', `/v2/absences/${s.absenceId}/decline`, {});
    assert.equal(received.length, 0);
  });

  test('mail server down: the approval still succeeds, the mail waits and goes out once the server is back', async () => {
    received.length = 0;
    const s = await scenario('Offline', { email: 'ops@offline.example', day: '2026-06-30' });
    await stopSmtp();
    const res = await req('POST', `/v2/absences/${s.absenceId}/approve`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.state, 'approved');
    const a = await ok('GET', `/v2/absences/${s.absenceId}`);
    assert.equal(a.state, 'approved');
    const mailId = a.customerNotifications[0].mailId as string;
    assert.match(mailId, /^[0-9a-f]{24}$/);
    let row = await outgoing(mailId);
    assert.equal(row.status, 'pending');
    assert.equal(row.attempts, 1);
    assert.ok(row.last_error && row.last_error.length > 0, 'the failure is recorded');
    assert.equal(row.recipient, 'ops@offline.example');
    assert.equal(received.length, 0);

    // The server comes back on the same port; the retry is due (made due now rather than in a minute).
    await startSmtp(port);
    await sql`UPDATE outgoing_mails SET next_at = now() - interval '1 second' WHERE id = ${mailId}`.execute(
      t.database.kysely,
    );
    const transport = mailTransport(`smtp://127.0.0.1:${port}`, 'Crewbase <no-reply@localhost>', { info() {} });
    try {
      const sent = await mailOutbox(t.database, transport).sendDue();
      assert.ok(sent >= 1, `sendDue handled ${sent}`);
    } finally {
      transport.close();
    }
    assert.equal(received.length, 1);
    assert.deepEqual(received[0]!.to, ['ops@offline.example']);
    const { header, text } = decodeMail(received[0]!.raw);
    assert.equal(header('Subject'), 'Absence of Mia Offline: 2026-06-30 to 2026-07-01');
    assert.match(text, /- 2026-06-30, Offline Office: a replacement will be arranged/);
    row = await outgoing(mailId);
    assert.equal(row.status, 'sent');
    assert.equal(row.attempts, 2);
    assert.equal(row.last_error, null);
    // Nothing is sent twice.
    const again = mailTransport(`smtp://127.0.0.1:${port}`, 'Crewbase <no-reply@localhost>', { info() {} });
    try {
      await sql`UPDATE outgoing_mails SET next_at = now() - interval '1 second' WHERE status = 'pending'`.execute(
        t.database.kysely,
      );
      await mailOutbox(t.database, again).sendDue();
    } finally {
      again.close();
    }
    assert.equal(received.length, 1);
  });

  test('a replacement assigned before approval is named in the mail', async () => {
    // The mail is written at approval; a job already covered (POST /jobs/{id}/replacement) names its stand-in.
    received.length = 0;
    const s = await scenario('Covered', { email: 'covered@covered.example', day: '2026-07-07' });
    const standIn = (await ok('POST', '/v2/users/', { general: { firstName: 'Sam', lastName: 'Standin' } }, 201))._id;
    await ok('POST', `/v2/jobs/${s.jobId}/replacement`, { userId: standIn });
    await ok('POST', `/v2/absences/${s.absenceId}/approve`);
    assert.equal(received.length, 1);
    assert.match(decodeMail(received[0]!.raw).text, /- 2026-07-07, Covered Office: Sam Standin will come instead/);
  });
});
