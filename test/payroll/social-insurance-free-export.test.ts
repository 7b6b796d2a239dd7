// The payroll export carries the tax-free and the social-insurance-free surcharge parts apart
// (§3b EStG: tax-free on a base up to 50 EUR/h; §1 (1) Nr. 1 SvEV: SV-free only up to 25 EUR/h).
// Hand-worked. Europe/Berlin (CET = UTC+1 in November), the German tax-free preset (night 20-6 25 %).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { requester } from '../helpers/http-assertions.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
const { ok } = requester(
  () => t.app,
  () => admin.headers,
);
async function text(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  assert.equal(res.statusCode, 200, res.body);
  return res.body.replace(/^\uFEFF/, '').split('\r\n');
}

let number: number;
before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'sv-free');
  await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201);
  const user = await ok(
    'POST',
    '/v2/users/',
    { general: { firstName: 'Sven', lastName: 'Frei' }, contract: { salary: 30, salaryType: 'hourly' } },
    201,
  );
  number = (await ok('GET', `/v2/users/${user._id}`)).number;
  // Wed 2026-11-18 19:00-23:00 local, 4 h (no break under 6 h): base 4 × 30.00 = 120.00;
  // night 20-23, 3 h × 30.00 × 25 % = 22.50, all tax-free (30 < 50).
  const entry = { userId: user._id, timeStart: '2026-11-18T18:00:00Z', timeEnd: '2026-11-18T22:00:00Z' };
  const { _id } = await ok('POST', '/v2/timeTracking/', entry, 201);
  await ok('POST', `/v2/timeTracking/${_id}/approve`, undefined, 200);
});
after(() => t.close());

describe('SV-free surcharge part in the payroll export', () => {
  test('a night surcharge on 30.00/h: tax-free 22.50, of it SV-free 18.75 and SV-liable 3.75', async () => {
    // SV-free on 25.00: 3 × 25.00 × 25 % = 18.75 (22.50 × 25 / 30); the rest 3.75 is tax-free but
    // SV-liable. Before: one line 'surcharge:night:taxFree' of 22.50 with no SV split.
    const lines = await text('/v2/payroll/export?month=2026-11');
    assert.equal(
      lines[0],
      'Monat;Personalnummer;Name;Lohnart;Schlüssel;Bezeichnung;Stunden;Tage;Betrag (EUR);steuerfrei (EUR);steuerpflichtig (EUR);sv-frei (EUR);sv-pflichtig (EUR)',
    );
    const p = `2026-11;${number};Sven Frei`;
    assert.deepEqual(
      lines.filter((l) => l.startsWith(p)),
      [
        `${p};1000;work;Arbeitszeit;4,00;;120,00;0,00;120,00;0,00;120,00`,
        `${p};1200;surcharge:night:taxFree;Zuschlag Nacht steuerfrei;3,00;;18,75;18,75;0,00;18,75;0,00`,
        `${p};1202;surcharge:night:taxFreeSvLiable;Zuschlag Nacht steuerfrei sv-pflichtig;3,00;;3,75;3,75;0,00;0,00;3,75`,
      ],
    );
  });

  test('LODAS books the two parts on their own wage types (1200 and 1202)', async () => {
    await ok('PATCH', '/v2/company/payrollExportSettings', { consultantNumber: '1234567', clientNumber: '12345' });
    const lines = await text('/v2/payroll/export?month=2026-11&format=lodas');
    assert.deepEqual(
      lines.filter((l) => l.startsWith(`10;01/11/2026;${number};`)),
      [
        `10;01/11/2026;${number};1000;4;120,00;`,
        `10;01/11/2026;${number};1200;4;18,75;`,
        `10;01/11/2026;${number};1202;4;3,75;`,
      ],
    );
  });

  test('the timesheet pay line shows the SV-free part of its surcharge', async () => {
    const sheets = await ok('GET', '/v2/timesheets?month=2026-11&format=json');
    const sheet = sheets.find((x: Json) => x.user.number === number);
    const [surcharge] = sheet.payLines[0].surcharges;
    assert.deepEqual([surcharge.cents, surcharge.taxFreeCents, surcharge.socialInsuranceFreeCents], [2250, 2250, 1875]);
  });
});
