// Assets over HTTP: the letterhead band (PUT/GET/DELETE beside the logo, printed across the top of
// the first page in place of the sender block and the logo) and users' signature images (their own,
// or any for managers of users; printed under the offers the user created). The checks of type,
// size and pixels are shared with the logo (pdf-rendering.test.ts tests them on the logo); here the
// kinds' own limits. Images in the PDFs are counted with pdfimages. Last, migration 0017 moving a
// logo kept in the settings section into company_assets.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, signup, type TestApp, type Tenant } from '../helpers/test-app.js';
import { createBuyer, setUpSeller } from '../helpers/invoicing-fixtures.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { PDF_TOOLS } from '../helpers/debian-tools.js';
import { sql } from 'kysely';
import { migrate } from '../../src/platform/db/migrate.js';
import { assertProblem, http, onPdfFile, pdfLines, pngImage } from './invoicing-helpers.js';

let t: TestApp;
const { req, ok, raw } = http(() => t.app);
let a: Tenant;
let other: Tenant;
let manager: LoggedIn;
let employee: LoggedIn;
const id: Record<string, string> = {};
const LETTERHEAD = '/v2/company/invoicingSettings/letterhead';
const LOGO = '/v2/company/invoicingSettings/logo';
const signatureUrl = (userId: string) => `/v2/users/${userId}/signatureImage`;

const put = async (url: string, headers: Record<string, string>, body: Buffer, type = 'image/png') => {
  const res = await t.app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': type }, payload: body });
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = res.body;
  }
  return { status: res.statusCode, body: parsed as Record<string, unknown>, headers: res.headers };
};
/** The image lines of `pdfimages -list` (after its two heading lines). */
const images = (pdf: Buffer) =>
  onPdfFile(pdf, 'pdfimages', (file) => ['-list', file])
    .split('\n')
    .slice(2)
    .filter((l) => l.trim());
const sizes = (pdf: Buffer) => images(pdf).map((l) => l.trim().split(/\s+/).slice(3, 5).join('×'));

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Assets');
  other = await signup(t.app, 'Other');
  await setUpSeller(t.app, a.headers);
  const groups = await groupIdsOf(t.app, a.headers);
  manager = await createUser(t.app, a.headers, groups.objectmanager, {
    general: { firstName: 'Erika', lastName: 'Muster' },
  });
  employee = await createUser(t.app, a.headers, groups.employee);
  const customerId = await createBuyer(t.app, a.headers);
  const positions = [{ title: 'Unterhaltsreinigung', quantity: 1, price: 100, tax: 0.19 }];
  id.invoice = (await ok('POST', '/v2/invoices/', a.headers, { customerId, positions }, 201))._id;
  await ok('POST', `/v2/invoices/${id.invoice}/issue`, a.headers);
  // The offer is the manager's: created by them, so it carries their signature.
  id.offer = (await ok('POST', '/v2/offers/', manager.headers, { customerId, positions }, 201))._id;
  await ok('POST', `/v2/offers/${id.offer}/issue`, manager.headers);
});
after(async () => {
  await t.close();
});

describe('letterhead band', { skip: PDF_TOOLS }, () => {
  test('PUT, GET the same bytes, printed on invoice and offer in place of the logo; DELETE; administrators only', async () => {
    assertProblem(await req('GET', LETTERHEAD, a.headers), 404);
    const band = pngImage(1200, 200);
    const res = await put(LETTERHEAD, a.headers, band);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { contentType: 'image/png', bytes: band.length });
    const back = await raw(LETTERHEAD, a.headers);
    assert.equal(back.headers['content-type'], 'image/png');
    assert.deepEqual(back.bytes, band);
    assert.equal((await raw(LETTERHEAD, other.headers)).status, 404, 'another company has none');

    // With a logo as well, the band stands for both: one image, the band's.
    assert.equal((await put(LOGO, a.headers, pngImage(240, 80))).status, 200);
    const invoice = (await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers)).bytes;
    assert.deepEqual(sizes(invoice), ['1200×200']);
    // The band replaces the printed sender block at the top (the address window's sender line stays).
    assert.ok(!pdfLines(invoice).some((l) => l === 'Tel. +49 30 123456 · E-Mail rechnung@glanz.example'));
    assert.ok(sizes((await raw(`/v2/invoices/${id.invoice}/zugferd`, a.headers)).bytes).includes('1200×200'));

    assertProblem(await put(LETTERHEAD, manager.headers, band), 403);
    assert.deepEqual(await ok('DELETE', LETTERHEAD, a.headers), { deleted: true });
    assertProblem(await req('GET', LETTERHEAD, a.headers), 404);
    assert.deepEqual(
      sizes((await raw(`/v2/invoices/${id.invoice}/pdf`, a.headers)).bytes),
      ['240×80'],
      'the logo again',
    );
    await ok('DELETE', LOGO, a.headers);
  });

  test('at most 512 KiB and 4,000,000 pixels; PNG or JPEG by the bytes', async () => {
    assertProblem(await put(LETTERHEAD, a.headers, Buffer.alloc(512 * 1024 + 1, 1)), 413);
    const huge = pngImage(10, 10);
    huge.writeUInt32BE(4001, 16);
    huge.writeUInt32BE(1000, 20);
    const tooLarge = await put(LETTERHEAD, a.headers, huge);
    assertProblem(tooLarge, 400);
    assert.match(String(tooLarge.body.detail), /4001 × 1000 pixels; at most 4000000/);
    assertProblem(await put(LETTERHEAD, a.headers, Buffer.from('GIF89a\x01\x00\x01\x00')), 415);
  });
});

describe('signature images', { skip: PDF_TOOLS }, () => {
  test("a user sets their own; others' only managers of users; unknown user 404", async () => {
    const own = await put(signatureUrl(employee.userId), employee.headers, pngImage(300, 100));
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal((await raw(signatureUrl(employee.userId), employee.headers)).status, 200);
    // The manager may read users (read all) but not write them.
    assertProblem(await put(signatureUrl(employee.userId), manager.headers, pngImage(300, 100)), 403);
    assert.equal((await raw(signatureUrl(employee.userId), manager.headers)).status, 200);
    assertProblem(await req('GET', signatureUrl(manager.userId), employee.headers), 403);
    // The administrator writes anyone's.
    assert.equal((await put(signatureUrl(employee.userId), a.headers, pngImage(200, 80))).status, 200);
    assert.equal((await raw(signatureUrl(employee.userId), a.headers)).bytes.length, pngImage(200, 80).length);
    assertProblem(await put(signatureUrl('0123456789abcdef01234567'), a.headers, pngImage(10, 10)), 404);
    assertProblem(await req('GET', signatureUrl(employee.userId), other.headers), 404, undefined);
    assert.deepEqual(await ok('DELETE', signatureUrl(employee.userId), employee.headers), { deleted: true });
    assertProblem(await req('GET', signatureUrl(employee.userId), employee.headers), 404);
  });

  test('at most 128 KiB and 1,000,000 pixels', async () => {
    assertProblem(await put(signatureUrl(employee.userId), employee.headers, Buffer.alloc(128 * 1024 + 1, 1)), 413);
    const big = pngImage(10, 10);
    big.writeUInt32BE(1001, 16);
    big.writeUInt32BE(1000, 20);
    assertProblem(await put(signatureUrl(employee.userId), employee.headers, big), 400);
  });

  test("the creator's signature and name under their offer; not on invoices", async () => {
    assert.deepEqual(sizes((await raw(`/v2/offers/${id.offer}/pdf`, a.headers)).bytes), []);
    assert.equal((await put(signatureUrl(manager.userId), manager.headers, pngImage(300, 100))).status, 200);
    const offer = (await raw(`/v2/offers/${id.offer}/pdf`, a.headers)).bytes;
    assert.deepEqual(sizes(offer), ['300×100']);
    assert.ok(pdfLines(offer).includes('Erika Muster'), pdfLines(offer).join('\n'));
    assert.deepEqual(sizes((await raw(`/v2/invoices/${id.invoice}/pdf`, manager.headers)).bytes), []);
  });
});

describe('migration 0017', () => {
  test('moves a logo kept in the settings section (before 0017) into company_assets, and removes the section', async () => {
    const logo = pngImage(30, 10);
    // The state before 0017, for the other company: no table, the logo in its settings.
    await t.database.exec(`DROP TABLE company_assets; DELETE FROM schema_migrations WHERE version = 17;
      UPDATE companies SET settings = settings || '{"invoicingLogo": {"contentType": "image/png", "base64": "${logo.toString('base64')}"}}'::jsonb
      WHERE company_id = '${other.companyId}';`);
    assert.equal(await migrate(t.database), 1);
    const back = await raw(LOGO, other.headers);
    assert.equal(back.status, 200);
    assert.equal(back.headers['content-type'], 'image/png');
    assert.deepEqual(back.bytes, logo);
    assertProblem(await req('GET', LOGO, a.headers), 404, undefined);
    const { rows } = await sql<{ kept: boolean }>`
      SELECT settings ? 'invoicingLogo' AS kept FROM companies WHERE company_id = ${other.companyId}`.execute(
      t.database.kysely,
    );
    assert.deepEqual(rows, [{ kept: false }]);
  });
});
