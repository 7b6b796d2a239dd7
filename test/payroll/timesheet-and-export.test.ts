// Timesheet and payroll export over HTTP: hand-worked days of an hourly employee (12.50 per hour,
// the German tax-free surcharge preset), month boundaries in Europe/Berlin (UTC+1 in November),
// a night shift counted on the day it starts, absence days and leave, the employee's own-only view,
// CSV (German conventions), PDF (read back with pdftotext), and the DATEV LODAS file.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';
import { pdfLines } from '../invoicing/invoicing-helpers.js';
import { PDF_TOOLS } from '../helpers/debian-tools.js';

let t: TestApp;
let admin: Tenant;
let paulaHeaders: Record<string, string>;
const user: Record<string, { _id: string; number: number }> = {};
const { req, ok } = requester(
  () => t.app,
  () => admin.headers,
);

async function raw(url: string, headers: Record<string, string> = admin.headers) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

async function entry(userId: string, timeStart: string, timeEnd: string, approve: boolean) {
  const { _id } = await ok('POST', '/v2/timeTracking/', { userId, timeStart, timeEnd }, 201);
  if (approve) await ok('POST', `/v2/timeTracking/${_id}/approve`);
}

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Glanz Gebäudereinigung');
  await ok('POST', '/v2/surcharges/presets/germanTaxFree', undefined, 201);
  const groups = await ok('GET', '/v2/accessGroups/');
  const employeeGroup = (groups as Json[]).find((g) => g.name === 'employee')._id;
  const create = async (name: string, extra: Record<string, unknown>) => {
    const { _id } = await ok('POST', '/v2/users/', { general: { firstName: name, lastName: 'Muster' }, ...extra }, 201);
    user[name] = { _id, number: (await ok('GET', `/v2/users/${_id}`)).number };
  };
  await create('Paula', {
    id: 'paula',
    password: 'paula-password-1',
    accessGroupId: employeeGroup,
    contract: { salary: 12.5, salaryType: 'hourly' },
  });
  await create('Mina', {
    contract: { salary: 14, salaryType: 'hourly', vacationDays: 30, remainingLeave: [{ year: 2026, days: 30 }] },
  });
  const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'paula', password: 'paula-password-1' });
  paulaHeaders = { authorization: `Bearer ${login.body.accessToken}` };
  const paula = user.Paula!._id;
  // Planned: Wednesday 11 Nov 07:00-15:00 Berlin, 480 minutes.
  await ok('POST', '/v2/jobs/', { userId: paula, from: '2026-11-11T06:00:00Z', to: '2026-11-11T14:00:00Z' }, 201);
  // Worked: the same 8 h; nothing recorded as break, so the gliding rule deducts min(30, 480 - 360) = 30 min.
  await entry(paula, '2026-11-11T06:00:00Z', '2026-11-11T14:00:00Z', true);
  // Night shift Saturday 14 Nov 22:00 to Sunday 02:00 Berlin: 4 h, no break needed.
  await entry(paula, '2026-11-14T21:00:00Z', '2026-11-15T01:00:00Z', true);
  // Month boundary: Sat 31 Oct 23:00-24:00 Berlin belongs to October, Sun 1 Nov 00:30-02:30 to November (not approved).
  await entry(paula, '2026-10-31T22:00:00Z', '2026-10-31T23:00:00Z', false);
  await entry(paula, '2026-10-31T23:30:00Z', '2026-11-01T01:30:00Z', false);
  // Mina: vacation Monday 16 and Tuesday 17 Nov, 2 working days.
  const absence = await ok(
    'POST',
    '/v2/absences/',
    { userId: user.Mina!._id, type: 2, dtStart: '2026-11-16T00:00:00+01:00', dtEnd: '2026-11-17T23:59:00+01:00' },
    201,
  );
  await ok('POST', `/v2/absences/${absence._id}/approve`);
  // Certified ill on Tuesday 17 Nov: that day is illness, not leave (§9 BUrlG).
  const illness = await ok(
    'POST',
    '/v2/absences/',
    { userId: user.Mina!._id, type: 1, dtStart: '2026-11-17T00:00:00+01:00', dtEnd: '2026-11-17T23:59:00+01:00' },
    201,
  );
  await ok('POST', `/v2/absences/${illness._id}/approve`);
});
after(() => t.close());

const day = (sheet: Json, date: string) => sheet.days.find((d: Json) => d.date === date);

describe('timesheet (JSON)', () => {
  test('each day of the month, hand-worked: planned, presence, break, worked, surcharges, pay', async () => {
    const sheet = await ok('GET', `/v2/users/${user.Paula!._id}/timesheet?month=2026-11`);
    assert.equal(sheet.days.length, 30);
    assert.deepEqual(sheet.user, { id: user.Paula!._id, number: user.Paula!.number, name: 'Paula Muster' });
    const wed = day(sheet, '2026-11-11');
    // 480 planned; presence 480, break 30, worked 450 = 7.5 h × 12.50 = 93.75.
    assert.deepEqual(
      [wed.jobs, wed.plannedMinutes, wed.presenceMinutes, wed.breakMinutes, wed.workedMinutes, wed.payCents, wed.pay],
      [1, 480, 480, 30, 450, 9375, 93.75],
    );
    // The night shift counts on Saturday 14 Nov, the day it starts; nothing on Sunday.
    const sat = day(sheet, '2026-11-14');
    // base 4 h × 12.50 = 50.00; night 22-24 at 25 %: 2 × 12.50 × 0.25 = 6.25; 00-02 at 40 % (begun before midnight): 2 × 12.50 × 0.40 = 10.00;
    // Sunday 00-02 at 50 %: 2 × 12.50 × 0.50 = 12.50; total 50.00 + 6.25 + 10.00 + 12.50 = 78.75.
    assert.deepEqual(
      [sat.workedMinutes, sat.breakMinutes, sat.surchargeMinutes, sat.payCents],
      [240, 0, { night: 240, sunday: 120 }, 7875],
    );
    assert.equal(day(sheet, '2026-11-15').workedMinutes, 0);
    // Sunday 1 Nov 00:30-02:30 Berlin (31 Oct 23:30Z) is November's; not approved, so no pay.
    const first = day(sheet, '2026-11-01');
    assert.deepEqual([first.entries, first.unapprovedEntries, first.workedMinutes, first.payCents], [1, 1, 120, 0]);
    // Totals: worked 450 + 240 + 120 = 810; pay 93.75 + 78.75 = 172.50, of which the surcharges 28.75 are tax-free.
    assert.deepEqual(
      [
        sheet.totals.plannedMinutes,
        sheet.totals.workedMinutes,
        sheet.totals.breakMinutes,
        sheet.totals.payCents,
        sheet.totals.taxFreeCents,
        sheet.totals.taxableCents,
      ],
      [480, 810, 30, 17250, 2875, 14375],
    );
    assert.deepEqual(sheet.totals.surchargeMinutes, { night: 240, sunday: 120 });
    assert.equal(sheet.payLines.length, 2);
    assert.deepEqual(
      sheet.payLines.map((l: Json) => [l.date, l.type, l.minutes, l.totalCents]),
      [
        ['2026-11-11', 'work', 450, 9375],
        ['2026-11-14', 'work', 240, 7875],
      ],
    );
    assert.equal(sheet.salaryLines, undefined);
  });

  test("October ends at midnight Berlin: 31 Oct 23:00-24:00 is October's, the entry after midnight is not", async () => {
    const sheet = await ok('GET', `/v2/users/${user.Paula!._id}/timesheet?month=2026-10`);
    assert.equal(sheet.days.length, 31);
    assert.equal(day(sheet, '2026-10-31').workedMinutes, 60);
    assert.equal(sheet.totals.workedMinutes, 60);
  });

  test('absence days by kind and the leave balance; a day of illness in the vacation is illness', async () => {
    const sheet = await ok('GET', `/v2/users/${user.Mina!._id}/timesheet?month=2026-11`);
    assert.deepEqual(
      day(sheet, '2026-11-16').absences.map((a: Json) => [a.kind, a.days]),
      [['vacation', 1]],
    );
    assert.deepEqual(
      day(sheet, '2026-11-17').absences.map((a: Json) => [a.kind, a.days]),
      [['illness', 1]],
    );
    assert.deepEqual(day(sheet, '2026-11-18').absences, []);
    assert.deepEqual(sheet.totals.absenceDays, { vacation: 1, illness: 1 });
    // 30 days for 2026; the vacation booked 2, the illness gave Tuesday back: 30 - 2 + 1 = 29 remain.
    assert.deepEqual(sheet.leave, { year: 2026, entitlement: 30, remaining: 29, takenInMonth: 1 });
  });

  test('an employee sees only their own timesheet; the exports are for managers', async () => {
    assert.equal(
      (await req('GET', `/v2/users/${user.Paula!._id}/timesheet?month=2026-11`, undefined, paulaHeaders)).status,
      200,
    );
    assertProblem(
      await req('GET', `/v2/users/${user.Mina!._id}/timesheet?month=2026-11`, undefined, paulaHeaders),
      404,
    );
    assertProblem(await req('GET', '/v2/timesheets?month=2026-11', undefined, paulaHeaders), 403);
    assertProblem(await req('GET', '/v2/payroll/export?month=2026-11', undefined, paulaHeaders), 403);
    assertProblem(await req('PATCH', '/v2/company/payrollExportSettings', { clientNumber: '1' }, paulaHeaders), 403);
  });

  test('a malformed month or unknown user is refused', async () => {
    assertProblem(await req('GET', `/v2/users/${user.Paula!._id}/timesheet?month=2026-13`), 400);
    assertProblem(await req('GET', `/v2/users/${user.Paula!._id}/timesheet?month=0026-11`), 400);
    assertProblem(await req('GET', `/v2/users/${user.Paula!._id}/timesheet`), 400);
    assertProblem(await req('GET', '/v2/users/0123456789abcdef01234567/timesheet?month=2026-11'), 404);
  });
});

describe('timesheet files', () => {
  test('CSV: BOM, semicolons, one row per day and a total row; by format=csv or Accept: text/csv', async () => {
    for (const [url, headers] of [
      [`/v2/users/${user.Paula!._id}/timesheet?month=2026-11&format=csv`, admin.headers],
      [`/v2/users/${user.Paula!._id}/timesheet?month=2026-11`, { ...admin.headers, accept: 'text/csv' }],
    ] as const) {
      const res = await raw(url, headers);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
      assert.deepEqual([...res.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
      assert.equal(lines.length, 1 + 30 + 1 + 1); // header, days, total, the empty rest after the last CRLF
      assert.match(lines[0]!, /^Personalnummer;Name;Datum;Aufträge;Geplant \(Min\.\);/);
      const n = user.Paula!.number;
      assert.equal(
        lines.find((l) => l.includes(';2026-11-11;')),
        `${n};Paula Muster;2026-11-11;1;480;480;30;450;;0;0;0;0;0;0;93,75`,
      );
      assert.equal(
        lines.find((l) => l.includes(';2026-11-14;')),
        `${n};Paula Muster;2026-11-14;0;0;240;0;240;;0;0;240;120;0;0;78,75`,
      );
      assert.equal(lines[31], `${n};Paula Muster;Summe;1;480;840;30;810;;0;0;240;120;0;0;172,50`);
    }
  });

  test('PDF with the embedded font: every day, the totals, the leave and the signature lines', {
    skip: PDF_TOOLS,
  }, async () => {
    const res = await raw(`/v2/users/${user.Paula!._id}/timesheet?month=2026-11&format=pdf`);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = pdfLines(res.bytes).join('\n');
    for (const expected of [
      'Glanz Gebäudereinigung',
      'Stundenzettel 11/2026',
      `Paula Muster · Personalnummer ${user.Paula!.number}`,
      'Mi 11.11.2026 8:00 8:00 0:30 7:30 93,75',
      'Sa 14.11.2026 4:00 4:00 Na 4:00 So 2:00 78,75',
      'Summe 8:00 14:00 0:30 13:30 Na 4:00 So 2:00 172,50',
      'Zuschläge: Na Nacht, So Sonntag, Fe Feiertag, Sz Sonstige',
      'Lohn gesamt: 172,50 € (steuerfrei 28,75 €, steuerpflichtig 143,75 €)',
      'Datum, Unterschrift Mitarbeiter',
    ]) {
      assert.ok(text.includes(expected), `the PDF shows "${expected}":\n${text}`);
    }
  });

  test('all employees as one CSV; JSON on request', async () => {
    const res = await raw('/v2/timesheets?month=2026-11');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    const totals = res.text.split('\r\n').filter((l) => l.includes(';Summe;'));
    assert.equal(totals.length, 3); // the admin, Paula, Mina
    assert.ok(
      totals.some(
        (l) => l.startsWith(`${user.Mina!.number};Mina Muster;Summe;`) && l.includes(';Urlaub 1, Krankheit 1;2;'),
      ),
      totals.join('\n'),
    );
    const json = await ok('GET', '/v2/timesheets?month=2026-11&format=json');
    assert.equal(json.length, 3);
  });
});

describe('payroll export', () => {
  test('CSV: per employee and pay type hours and amounts, tax-free and taxable parts, absence days', async () => {
    const res = await raw('/v2/payroll/export?month=2026-11');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    assert.equal(
      lines[0],
      'Monat;Personalnummer;Name;Lohnart;Schlüssel;Bezeichnung;Stunden;Tage;Betrag (EUR);steuerfrei (EUR);steuerpflichtig (EUR);sv-frei (EUR);sv-pflichtig (EUR)',
    );
    const p = `2026-11;${user.Paula!.number};Paula Muster`;
    // work: 450 + 240 min = 11.5 h; 93.75 + 50.00 = 143.75 taxable. Night 6.25 + 10.00 = 16.25 over 240 min; Sunday 12.50 over 120 min.
    assert.deepEqual(
      lines.filter((l) => l.startsWith(p)),
      [
        `${p};1000;work;Arbeitszeit;11,50;;143,75;0,00;143,75;0,00;143,75`,
        `${p};1200;surcharge:night:taxFree;Zuschlag Nacht steuerfrei;4,00;;16,25;16,25;0,00;16,25;0,00`,
        `${p};1210;surcharge:sunday:taxFree;Zuschlag Sonntag steuerfrei;2,00;;12,50;12,50;0,00;12,50;0,00`,
      ],
    );
    assert.ok(
      lines.includes(`2026-11;${user.Mina!.number};Mina Muster;9100;days:vacation;Abwesenheitstage Urlaub;;1;;;;;`),
      lines.join('\n'),
    );
    assert.ok(
      lines.includes(`2026-11;${user.Mina!.number};Mina Muster;9110;days:illness;Abwesenheitstage Krankheit;;1;;;;;`),
      lines.join('\n'),
    );
  });

  test('LODAS needs the DATEV numbers (409), then writes the ASCII import file with the mapped wage types', async () => {
    assertProblem(await req('GET', '/v2/payroll/export?month=2026-11&format=lodas'), 409);
    assertProblem(await req('PATCH', '/v2/company/payrollExportSettings', { consultantNumber: '12345678' }), 400);
    assertProblem(await req('PATCH', '/v2/company/payrollExportSettings', { wageTypes: { work: 'A1' } }), 400);
    const settings = await ok('PATCH', '/v2/company/payrollExportSettings', {
      consultantNumber: '1234567',
      clientNumber: '12345',
      wageTypes: { 'hours:work': '1001', 'surcharge:sunday:taxFree': null },
    });
    assert.equal(settings.wageTypes.work, '1000');
    assert.equal(settings.wageTypes['surcharge:sunday:taxFree'], undefined);
    const res = await raw('/v2/payroll/export?month=2026-11&format=lodas');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=us-ascii');
    const lines = res.text.split('\r\n');
    assert.deepEqual(lines.slice(0, 11), [
      '[Allgemein]',
      'Ziel=LODAS',
      'Version_SST=1.0',
      'BeraterNr=1234567',
      'MandantenNr=12345',
      'Feldtrennzeichen=;',
      'Zahlenkomma=,',
      'Datumsformat=TT/MM/JJJJ',
      'Stringbegrenzer="',
      'Kommentarzeichen=*',
      '',
    ]);
    const pnr = user.Paula!.number;
    assert.ok(lines.includes(`* ohne Lohnart, nicht uebertragen: ${pnr} surcharge:sunday:taxFree`), res.text);
    assert.ok(
      lines.includes(
        '10;u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;pnr#bwd;la_eigene#bwd;bs_nr#bwd;bs_wert_butab#bwd;',
      ),
    );
    const movements = lines.slice(lines.indexOf('[Bewegungsdaten]') + 1).filter(Boolean);
    // Hours on 1001 (key 1), amounts on their wage types (key 4), vacation days on 9100 (key 2).
    assert.deepEqual(
      movements.filter((l) => l.startsWith(`10;01/11/2026;${pnr};`)),
      [
        `10;01/11/2026;${pnr};1001;1;11,50;`,
        `10;01/11/2026;${pnr};1000;4;143,75;`,
        `10;01/11/2026;${pnr};1200;4;16,25;`,
      ],
    );
    assert.ok(movements.includes(`10;01/11/2026;${user.Mina!.number};9100;2;1;`), movements.join('\n'));
    assert.ok(movements.includes(`10;01/11/2026;${user.Mina!.number};9110;2;1;`), movements.join('\n'));
    assert.ok(/^[\x00-\x7f]*$/.test(res.text), 'plain ASCII');
  });
});
