// Signing offers and assignment confirmations by the customer through a single-use, expiring link
// (the mechanism service reports use): what the link shows, what signing does to the record and its
// PDF (signature image, name, time), which tokens and images are refused, and who may make links.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createUser, groupIdsOf } from '../helpers/principals.js';
import { createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';
import { addDays, assertProblem, eventsUntil, http, pdfText, pngImage, utcToday } from './invoicing-helpers.js';

let t: TestApp;
let a: Tenant;
let other: Tenant;
const { req, ok, raw } = http(() => t.app);
let customerId: string;

const png = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const positions = [{ title: 'Unterhaltsreinigung', quantity: 10, price: 30, tax: 0.19 }];

async function issuedOffer(extra: object = {}) {
  const id = (await ok('POST', '/v2/offers/', a.headers, { customerId, positions, ...extra }, 201))._id as string;
  await ok('POST', `/v2/offers/${id}/issue`, a.headers);
  return id;
}

async function sentConfirmation() {
  const offerId = await issuedOffer();
  await ok('POST', `/v2/offers/${offerId}/accept`, a.headers);
  const id = (await ok('POST', `/v2/offers/${offerId}/assignmentConfirmation`, a.headers, undefined, 201))
    ._id as string;
  await ok('POST', `/v2/assignmentConfirmations/${id}/issue`, a.headers);
  return id;
}

const link = (collection: string, id: string, body: object = {}, headers = a.headers) =>
  req('POST', `/v2/${collection}/${id}/clientLink`, headers, body);

/** "27.11.2026, 10:15 Uhr" as the PDF prints a signing time. */
const printed = (iso: string, timeZone: string) =>
  `${new Intl.DateTimeFormat('de-DE', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso))} Uhr`;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Signing');
  other = await signup(t.app, 'Stranger');
  await setUpSeller(t.app, a.headers);
  customerId = await createBuyer(t.app, a.headers);
});
after(() => t.close());

describe('signing an offer', () => {
  test('the customer sees the offer without internal ids, signs it once: accepted, and the PDF shows it', async () => {
    const id = await issuedOffer({ validUntil: addDays(utcToday(), 30) });
    const issued = await link('offers', id);
    assert.equal(issued.status, 201, JSON.stringify(issued.body));
    assert.equal(issued.body.path, `/v2/client/offers/${issued.body.token}`);
    const view = await req('GET', issued.body.path, {});
    assert.equal(view.status, 200);
    assert.match(view.body.documentNumber, /^AN-/);
    assert.equal(view.body.grossAmount, 357);
    assert.equal(view.body.customerId, undefined, 'no internal ids');

    const image = png(pngImage(120, 40));
    assert.deepEqual(await ok('POST', `${issued.body.path}/sign`, {}, { name: 'Frau Nord', image }), { signed: true });
    const offer = await ok('GET', `/v2/offers/${id}`, a.headers);
    assert.equal(offer.state, 'accepted', 'signing an offer accepts it');
    assert.equal(offer.acceptedAt, offer.signature.signedAt);
    assert.deepEqual(
      [offer.signature.name, offer.signature.image, offer.signature.timeZone],
      ['Frau Nord', image, 'Europe/Berlin'],
    );
    assert.ok(Date.parse(offer.signature.signedAt) > Date.now() - 60_000);

    const pdf = await raw(`/v2/offers/${id}/pdf`, a.headers);
    assert.equal(pdf.status, 200);
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    assert.ok(
      text.includes(`Unterschrieben von Frau Nord am ${printed(offer.signature.signedAt, 'Europe/Berlin')}`),
      text,
    );
    assert.match(pdf.bytes.toString('latin1'), /\/Subtype \/Image/, 'the signature image is embedded');

    await eventsUntil(
      t.app,
      a,
      (events) => events.some((e) => e.entity === 'offer' && e.type === 'UPDATE' && e.data.state === 'accepted'),
      'the UPDATE event of the signed offer',
    );
    assertProblem(await req('GET', issued.body.path, {}), 404, undefined);
    assertProblem(await req('POST', `${issued.body.path}/sign`, {}, { name: 'Again' }), 404);
    assertProblem(await link('offers', id), 409);
    // The accepted offer goes on as any accepted offer.
    await ok('POST', `/v2/offers/${id}/assignmentConfirmation`, a.headers, undefined, 201);
  });

  test('a draft, declined or expired offer gets no link (409); a link is refused once the offer is declined', async () => {
    const draft = (await ok('POST', '/v2/offers/', a.headers, { customerId, positions }, 201))._id;
    assertProblem(await link('offers', draft), 409);
    assertProblem(await link('offers', await issuedOffer({ validUntil: '2020-01-31' })), 409);
    const id = await issuedOffer();
    const issued = (await link('offers', id)).body;
    await ok('POST', `/v2/offers/${id}/decline`, a.headers);
    assertProblem(await req('POST', `${issued.path}/sign`, {}, { name: 'Late' }), 409);
    assert.equal((await ok('GET', `/v2/offers/${id}`, a.headers)).state, 'declined');
  });
});

describe('signing an assignment confirmation', () => {
  test('a sent confirmation is signed: confirmed, with the signature on its PDF', async () => {
    const id = await sentConfirmation();
    const issued = (await link('assignmentConfirmations', id, { expiresInHours: 2 })).body;
    assert.equal(issued.path, `/v2/client/assignmentConfirmations/${issued.token}`);
    const view = await ok('GET', issued.path, {});
    assert.match(view.documentNumber, /^AB-/);
    assert.equal(view.offerId, undefined);
    await ok('POST', `${issued.path}/sign`, {}, { name: 'Herr Süd' });
    const doc = await ok('GET', `/v2/assignmentConfirmations/${id}`, a.headers);
    assert.equal(doc.state, 'confirmed');
    assert.equal(doc.confirmedAt, doc.signature.signedAt);
    assert.equal(doc.signature.image, undefined, 'signed without an image');
    const text = pdfText((await raw(`/v2/assignmentConfirmations/${id}/pdf`, a.headers)).bytes).replace(/\s+/g, ' ');
    assert.ok(
      text.includes(`Unterschrieben von Herr Süd am ${printed(doc.signature.signedAt, 'Europe/Berlin')}`),
      text,
    );
    assertProblem(await req('POST', `${issued.path}/sign`, {}, { name: 'Again' }), 404);
    assertProblem(await link('assignmentConfirmations', id), 409);
  });

  test('a draft confirmation gets no link; one the office confirmed meanwhile is not signed (409)', async () => {
    const offerId = await issuedOffer();
    await ok('POST', `/v2/offers/${offerId}/accept`, a.headers);
    const draft = (await ok('POST', `/v2/offers/${offerId}/assignmentConfirmation`, a.headers, undefined, 201))._id;
    assertProblem(await link('assignmentConfirmations', draft), 409);
    const id = await sentConfirmation();
    const issued = (await link('assignmentConfirmations', id)).body;
    await ok('POST', `/v2/assignmentConfirmations/${id}/confirm`, a.headers);
    assertProblem(await req('POST', `${issued.path}/sign`, {}, { name: 'Late' }), 409);
  });
});

describe('links and images refused', () => {
  test('expired, unknown, of another kind or malformed tokens: 404 (400 malformed)', async () => {
    const id = await sentConfirmation();
    const issued = (await link('assignmentConfirmations', id, { expiresInHours: 1 })).body;
    const offerLink = (await link('offers', await issuedOffer())).body;
    assertProblem(await req('GET', `/v2/client/assignmentConfirmations/${offerLink.token}`, {}), 404);
    assertProblem(await req('POST', `/v2/client/serviceReports/${offerLink.token}/sign`, {}, { name: 'X' }), 404);
    assertProblem(await req('GET', `/v2/client/offers/${'B'.repeat(43)}`, {}), 404);
    assertProblem(await req('GET', '/v2/client/offers/short', {}), 400);
    await sql`UPDATE client_links SET expires_at = now() - interval '1 second' WHERE record_id = ${id}`.execute(
      t.database.kysely,
    );
    assertProblem(await req('GET', issued.path, {}), 404);
    assertProblem(await req('POST', `${issued.path}/sign`, {}, { name: 'Late' }), 404);
    assert.equal((await ok('GET', `/v2/assignmentConfirmations/${id}`, a.headers)).state, 'sent');
    assertProblem(await link('offers', await issuedOffer(), { expiresInHours: 10_000 }), 400, 'expiresInHours');
  });

  test('the image must be a printable PNG of bounded size; a refused signature leaves the link usable', async () => {
    const id = await issuedOffer();
    const { path } = (await link('offers', id)).body;
    const sign = (body: object) => req('POST', `${path}/sign`, {}, body);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    assertProblem(await sign({ name: 'N', image: png(jpeg) }), 400, 'image');
    assertProblem(
      await sign({ name: 'N', image: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` }),
      400,
    );
    const damaged = pngImage(20, 10);
    damaged.fill(0xaa, 41, 60); // inside the image data
    assertProblem(await sign({ name: 'N', image: png(damaged) }), 400, 'image');
    assertProblem(await sign({ name: 'N', image: png(pngImage(1200, 1000)) }), 400, 'image');
    // A small image whose data inflates to 20 MB (CRCs are not checked, zeros do).
    const bomb = pngImage(10, 10);
    const idat = deflateSync(Buffer.alloc(20_000_000), { level: 9 });
    const length = Buffer.alloc(4);
    length.writeUInt32BE(idat.length);
    const bombed = Buffer.concat([
      bomb.subarray(0, 33),
      length,
      Buffer.from('IDAT'),
      idat,
      Buffer.alloc(4),
      bomb.subarray(-12),
    ]);
    assertProblem(await sign({ name: 'N', image: png(bombed) }), 400, 'image');
    assertProblem(await sign({ name: 'N', image: `data:image/png;base64,${'A'.repeat(200_004)}` }), 400);
    assertProblem(await sign({ name: '' }), 400);
    assertProblem(await sign({ name: 'x'.repeat(201) }), 400);
    await ok('POST', `${path}/sign`, {}, { name: 'Frau Nord', image: png(pngImage(60, 20)) });
    assert.equal((await ok('GET', `/v2/offers/${id}`, a.headers)).state, 'accepted');
  });

  test('an employee may not make links (403); another company not at all (404)', async () => {
    const employee = await createUser(t.app, a.headers, (await groupIdsOf(t.app, a.headers)).employee);
    const offerId = await issuedOffer();
    const confirmationId = await sentConfirmation();
    assertProblem(await link('offers', offerId, {}, employee.headers), 403);
    assertProblem(await link('assignmentConfirmations', confirmationId, {}, employee.headers), 403);
    assertProblem(await link('offers', offerId, {}, other.headers), 404);
    assertProblem(await link('assignmentConfirmations', confirmationId, {}, other.headers), 404);
  });
});
