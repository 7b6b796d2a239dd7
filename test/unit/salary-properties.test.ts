// Pay of one entry, property-based: invariants that must hold for any entry, plus a brute-force
// oracle that walks the worked time in 30-second steps and applies the §3b rules directly.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  calculateSalary,
  type PaySettings,
  type SalaryCalculation,
} from '../../src/modules/pay/rules/salary-calculation.js';
import {
  GERMAN_TAX_FREE_BASE_CAP_CENTS,
  GERMAN_TAX_FREE_PRESET,
} from '../../src/modules/pay/rules/surcharge-presets.js';
import type { SurchargeRule } from '../../src/modules/pay/rules/surcharge-frames.js';
import { GERMAN_BREAK_RULE, type BreakRule } from '../../src/modules/pay/rules/breaks.js';
import { publicHolidays } from '../../src/platform/time/holidays.js';

const IDS = ['night25', 'night40', 'sunday', 'holiday', 'dec31', 'dec24', 'xmas'] as const;
const RULES: SurchargeRule[] = GERMAN_TAX_FREE_PRESET.map((rule, i) => ({ ...rule, id: IDS[i]! }));
/** The preset without anything that depends on when the work began, so splitting an entry cannot change it. */
const START_FREE_RULES: SurchargeRule[] = RULES.map((rule) => {
  const { onlyIfBegunBeforeMidnight: _o, followingNightUntil: _f, ...activeOn } = rule.activeOn;
  return { ...rule, activeOn };
});
const isPublicHoliday = (date: string) => publicHolidays('DE', 'NW', Number(date.slice(0, 4))).has(date);
const NO_BREAKS: BreakRule = { mode: 'gliding', steps: [] };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_END = Date.UTC(2027, 0, 1);
/** Days where something happens: DST in Berlin and New York, holidays, Dec 24/31, May 1, Sundays. */
const SPECIAL_DAYS = [
  '2026-03-08',
  '2026-03-29',
  '2026-10-25',
  '2026-11-01',
  '2026-10-03',
  '2026-12-24',
  '2026-12-31',
  '2026-05-01',
  '2026-04-05',
  '2026-12-25',
].map((d) => Date.parse(`${d}T00:00:00Z`));

/** A start instant in 2026 (whole seconds, or whole minutes), biased towards the special days. */
const startArb = (unit: number) =>
  fc.oneof(
    fc.integer({ min: YEAR_START / unit, max: YEAR_END / unit - 1 }).map((n) => n * unit),
    fc
      .tuple(fc.constantFrom(...SPECIAL_DAYS), fc.integer({ min: (-2 * DAY) / unit, max: (2 * DAY) / unit }))
      .map(([d, n]) => d + n * unit),
  );
const zoneArb = fc.constantFrom('Europe/Berlin', 'America/New_York');

function pay(
  entry: { start: number; end: number; recordedBreak?: number; addedTime?: number },
  settings: PaySettings,
  rules = RULES,
): SalaryCalculation {
  return calculateSalary({
    entry: {
      timeStart: entry.start,
      timeEnd: entry.end,
      ...(entry.recordedBreak !== undefined ? { recordedBreak: entry.recordedBreak } : {}),
      ...(entry.addedTime !== undefined ? { addedTime: entry.addedTime } : {}),
    },
    contract: { salary: 15.37, salaryType: 'hourly' },
    rules,
    isPublicHoliday,
    settings,
  });
}

// ---------------------------------------------------------------- an independent local clock
const clocks = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
/** Local wall-clock of a UTC instant, read as UTC ms (offsets checked per UTC quarter hour). */
function wall(tz: string, utc: number): number {
  const bucket = Math.floor(utc / (15 * MINUTE));
  const key = `${tz}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    let f = clocks.get(tz);
    if (!f)
      clocks.set(
        tz,
        (f = new Intl.DateTimeFormat('en-GB', {
          timeZone: tz,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })),
      );
    const at = bucket * 15 * MINUTE;
    const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
    offset =
      Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) -
      at;
    offsets.set(key, offset);
  }
  return utc + offset;
}
const localDate = (tz: string, utc: number) => new Date(wall(tz, utc)).toISOString().slice(0, 10);
const previousDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
const weekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * Brute force: which rule of each group applies in the 30-second step starting at `t`, straight
 * from §3b as the preset states it. Returns [ruleId, local date] pairs.
 */
function oracleStep(tz: string, start: number, t: number): Array<[string, string]> {
  const date = localDate(tz, t);
  const minute = Math.floor((wall(tz, t) % DAY) / MINUTE);
  const begun = localDate(tz, start) < date; // began before the midnight that starts `date`
  const previous = previousDate(date);
  const followingNight = minute < 240 && begun;
  const out: Array<[string, string]> = [];
  if (minute < 240 && begun) out.push(['night40', date]);
  else if (minute >= 20 * 60 || minute < 6 * 60) out.push(['night25', date]);
  const md = (d: string) => d.slice(5);
  const day: Array<[string, number, boolean]> = [
    ['sunday', 50, weekday(date) === 7 || (followingNight && weekday(previous) === 7)],
    ['holiday', 125, isPublicHoliday(date) || (followingNight && isPublicHoliday(previous))],
    ['dec31', 125, (md(date) === '12-31' && minute >= 14 * 60) || (followingNight && md(previous) === '12-31')],
    ['dec24', 150, (md(date) === '12-24' && minute >= 14 * 60) || (followingNight && md(previous) === '12-24')],
    [
      'xmas',
      150,
      ['12-25', '12-26', '05-01'].includes(md(date)) ||
        (followingNight && ['12-25', '12-26', '05-01'].includes(md(previous))),
    ],
  ];
  let best: [string, number] | undefined;
  for (const [id, rate, applies] of day) if (applies && (!best || rate > best[1])) best = [id, rate];
  if (best) out.push([best[0], date]);
  return out;
}

// ---------------------------------------------------------------- properties
const entryArb = fc.record({
  start: startArb(SECOND),
  duration: fc.integer({ min: 0, max: 16 * 3600 }),
  recordedBreak: fc.option(fc.integer({ min: 0, max: 3 * 3600 }), { nil: undefined }),
  addedTime: fc.option(fc.integer({ min: 0, max: 3600 }), { nil: undefined }),
  roundUp: fc.constantFrom(0, 60, 300, 900),
  tz: zoneArb,
});

describe('salary calculation invariants (fast-check)', () => {
  test("(a) frames sum to their line, per rule never more than the working time, no overlap within a group, all inside the entry and on the line's local date", () => {
    fc.assert(
      fc.property(entryArb, ({ start, duration, recordedBreak, addedTime, roundUp, tz }) => {
        const end = start + duration * SECOND;
        const r = pay(
          {
            start,
            end,
            ...(recordedBreak !== undefined ? { recordedBreak } : {}),
            ...(addedTime !== undefined ? { addedTime } : {}),
          },
          {
            timeZone: tz,
            breakRule: GERMAN_BREAK_RULE,
            roundUpToSeconds: roundUp,
            taxFreeBaseCapCents: GERMAN_TAX_FREE_BASE_CAP_CENTS,
          },
        );
        const perRule = new Map<string, number>();
        for (const line of r.surcharges) {
          const ms = line.activeTimeFrames.reduce((sum, f) => sum + f.to - f.from, 0);
          assert.equal(ms, line.seconds * 1000, `frames of ${line.surchargeId} ${line.date}`);
          perRule.set(line.surchargeId, (perRule.get(line.surchargeId) ?? 0) + line.seconds);
          for (const f of line.activeTimeFrames) {
            assert.ok(f.from < f.to, 'empty frame');
            assert.ok(f.from >= start && f.to <= end, 'frame outside the entry');
            assert.equal(localDate(tz, f.from), line.date, 'frame starts on another local date');
            assert.equal(localDate(tz, f.to - 1), line.date, 'frame ends on another local date');
          }
          assert.equal(line.taxFreeCents + line.taxableCents, line.cents);
        }
        for (const [id, seconds] of perRule)
          assert.ok(seconds <= r.workingTime, `${id}: ${seconds} > ${r.workingTime}`);
        for (const group of new Set(RULES.map((rule) => rule.group))) {
          const frames = r.surcharges
            .filter((l) => RULES.find((rule) => rule.id === l.surchargeId)!.group === group)
            .flatMap((l) => l.activeTimeFrames)
            .sort((x, y) => x.from - y.from);
          for (let i = 1; i < frames.length; i++)
            assert.ok(frames[i - 1]!.to <= frames[i]!.from, `overlap in group ${group}`);
        }
        // The 40 % night needs work begun before the midnight of the line's date.
        for (const line of r.surcharges.filter((l) => l.surchargeId === 'night40'))
          assert.ok(localDate(tz, start) < line.date);
      }),
      { numRuns: 400 },
    );
  });

  test("(a') the lines equal a 30-second brute force of the §3b rules (whole-minute entries)", () => {
    const arb = fc.record({
      start: startArb(MINUTE),
      minutes: fc.integer({ min: 0, max: 16 * 60 }),
      breakMinutes: fc.option(fc.integer({ min: 0, max: 180 }), { nil: undefined }),
      tz: zoneArb,
    });
    fc.assert(
      fc.property(arb, ({ start, minutes, breakMinutes, tz }) => {
        const end = start + minutes * MINUTE;
        const r = pay(
          { start, end, ...(breakMinutes !== undefined ? { recordedBreak: breakMinutes * 60 } : {}) },
          { timeZone: tz, breakRule: GERMAN_BREAK_RULE },
        );
        // The break in the middle of the presence (whole seconds, floored); with whole minutes it falls on 30 s.
        const breakStart = start + Math.floor((end - start - r.break * SECOND) / (2 * SECOND)) * SECOND;
        const breakEnd = breakStart + r.break * SECOND;
        const expected = new Map<string, number>();
        for (let t = start; t < end; t += 30 * SECOND) {
          if (r.break > 0 && t >= breakStart && t < breakEnd) continue;
          for (const [id, date] of oracleStep(tz, start, t))
            expected.set(`${id} ${date}`, (expected.get(`${id} ${date}`) ?? 0) + 30);
        }
        const actual = new Map<string, number>();
        for (const l of r.surcharges)
          actual.set(`${l.surchargeId} ${l.date}`, (actual.get(`${l.surchargeId} ${l.date}`) ?? 0) + l.seconds);
        assert.deepEqual([...actual].sort(), [...expected].sort());
      }),
      { numRuns: 300 },
    );
  });

  test('(b) splitting an entry at a whole second changes the pay by at most half a cent per rounded line', () => {
    const arb = fc.record({
      start: startArb(SECOND),
      duration: fc.integer({ min: 2, max: 16 * 3600 }),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
      tz: zoneArb,
    });
    fc.assert(
      fc.property(arb, ({ start, duration, cut, tz }) => {
        const split = start + Math.min(duration - 1, Math.max(1, Math.floor(duration * cut))) * SECOND;
        const end = start + duration * SECOND;
        const settings: PaySettings = { timeZone: tz, breakRule: NO_BREAKS };
        const whole = pay({ start, end }, settings, START_FREE_RULES);
        const a = pay({ start, end: split }, settings, START_FREE_RULES);
        const b = pay({ start: split, end }, settings, START_FREE_RULES);
        assert.equal(a.workingTime + b.workingTime, whole.workingTime);
        // Seconds per rule and date add up exactly …
        const seconds = (r: SalaryCalculation) =>
          r.surcharges.reduce(
            (m, l) => m.set(`${l.surchargeId} ${l.date}`, (m.get(`${l.surchargeId} ${l.date}`) ?? 0) + l.seconds),
            new Map<string, number>(),
          );
        const sa = seconds(a);
        for (const [k, v] of seconds(b)) sa.set(k, (sa.get(k) ?? 0) + v);
        assert.deepEqual([...sa].sort(), [...seconds(whole)].sort());
        // … so the cents differ only by rounding: each line (base and surcharges) is off by at most 0.5.
        const lines = 3 + whole.surcharges.length + a.surcharges.length + b.surcharges.length;
        const diff = Math.abs(whole.totalCents - a.totalCents - b.totalCents);
        assert.ok(2 * diff <= lines, `diff ${diff} cents over ${lines} rounded lines`);
      }),
      { numRuns: 300 },
    );
  });

  test('(c) totalCents is the base plus the rounded lines; (d) workingTime = presence - break + rounding + added', () => {
    fc.assert(
      fc.property(
        entryArb,
        fc.integer({ min: 0, max: 7200 }),
        ({ start, duration, recordedBreak, addedTime, roundUp, tz }, drivingTime) => {
          const end = start + duration * SECOND;
          const r = calculateSalary({
            entry: {
              timeStart: start,
              timeEnd: end,
              ...(recordedBreak !== undefined ? { recordedBreak } : {}),
              ...(addedTime !== undefined ? { addedTime } : {}),
              drivingTime,
            },
            contract: { salary: 61.23 },
            rules: RULES,
            isPublicHoliday,
            settings: {
              timeZone: tz,
              breakRule: GERMAN_BREAK_RULE,
              roundUpToSeconds: roundUp,
              taxFreeBaseCapCents: GERMAN_TAX_FREE_BASE_CAP_CENTS,
            },
          });
          assert.equal(r.totalCents, r.baseCents + r.surcharges.reduce((s, l) => s + l.cents, 0));
          assert.equal(r.presence, duration);
          assert.equal(r.workingTime, r.presence - r.break + r.roundUpSeconds + (addedTime ?? 0));
          assert.ok(r.break >= r.minBreakTime && r.break <= r.presence);
          assert.ok(
            r.roundUpSeconds >= 0 &&
              (roundUp === 0
                ? r.roundUpSeconds === 0
                : r.roundUpSeconds < roundUp && (r.presence - r.break + r.roundUpSeconds) % roundUp === 0),
          );
          for (const l of r.surcharges) assert.ok(l.taxFreeCents <= l.cents && l.taxableCents >= 0);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('(e) with the gliding break rule a longer presence never gives less working time', () => {
    const arb = fc.record({
      start: startArb(SECOND),
      a: fc.integer({ min: 0, max: 16 * 3600 }),
      b: fc.integer({ min: 0, max: 16 * 3600 }),
      recordedBreak: fc.option(fc.integer({ min: 0, max: 3 * 3600 }), { nil: undefined }),
      roundUp: fc.constantFrom(0, 60, 900),
    });
    fc.assert(
      fc.property(arb, ({ start, a, b, recordedBreak, roundUp }) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        const settings: PaySettings = {
          timeZone: 'Europe/Berlin',
          breakRule: GERMAN_BREAK_RULE,
          roundUpToSeconds: roundUp,
        };
        const extra = recordedBreak !== undefined ? { recordedBreak } : {};
        const s = pay({ start, end: start + short * SECOND, ...extra }, settings);
        const l = pay({ start, end: start + long * SECOND, ...extra }, settings);
        assert.ok(l.workingTime >= s.workingTime, `${short} s → ${s.workingTime}, ${long} s → ${l.workingTime}`);
        assert.ok(l.baseCents >= s.baseCents);
      }),
      { numRuns: 500 },
    );
  });

  test('the stepped rule is not monotonic (why (e) is about gliding): 6 h pays more than 6 h 01 min', () => {
    const start = Date.parse('2026-03-03T08:00:00+01:00');
    const stepped: PaySettings = {
      timeZone: 'Europe/Berlin',
      breakRule: { mode: 'stepped', steps: GERMAN_BREAK_RULE.steps },
    };
    assert.equal(pay({ start, end: start + 6 * HOUR }, stepped).workingTime, 21600);
    assert.equal(pay({ start, end: start + 6 * HOUR + MINUTE }, stepped).workingTime, 19860);
  });

  test('why (b) strips the begun-before-midnight rules: split at midnight, the second half loses the 40 % (by design, §3b (3))', () => {
    const start = Date.parse('2026-03-02T22:00:00+01:00');
    const midnight = Date.parse('2026-03-03T00:00:00+01:00');
    const end = Date.parse('2026-03-03T02:00:00+01:00');
    const settings: PaySettings = { timeZone: 'Europe/Berlin', breakRule: NO_BREAKS };
    assert.deepEqual(
      pay({ start, end }, settings).surcharges.map((l) => l.surchargeId),
      ['night25', 'night40'],
    );
    assert.deepEqual(
      pay({ start: midnight, end }, settings).surcharges.map((l) => l.surchargeId),
      ['night25'],
    );
  });
});
