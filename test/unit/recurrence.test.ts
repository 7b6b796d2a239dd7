// Recurrence and time-zone rules, hand-worked: each case states the UTC instants it expects.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  COUNT_REACH_YEARS,
  expandOccurrences,
  normalizeICalendar,
  type ICalendar,
} from '../../src/platform/time/recurrence.js';
import { localToUtc, parseLocal } from '../../src/platform/time/zoned-time.js';
import { HttpError } from '../../src/platform/http/errors.js';

const berlin = (ical: Partial<ICalendar>): ICalendar => ({
  tzid: 'Europe/Berlin',
  dtstart: '2027-01-04T06:00:00',
  dtend: '2027-01-04T08:30:00',
  ...ical,
});
const starts = (ical: ICalendar, from: string, to: string, rruleFirst = true) =>
  expandOccurrences(normalizeICalendar(ical, rruleFirst).recurrence, Date.parse(from), Date.parse(to)).map((o) =>
    new Date(o.start).toISOString(),
  );

describe("expansion in the assignment's zone", () => {
  const cases: Array<{ name: string; ical: ICalendar; from: string; to: string; expected: string[] }> = [
    {
      name: 'weekly MO,WE,FR at 06:00 is 05:00Z in winter and 04:00Z after the March change',
      ical: berlin({
        rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
        dtstart: '2027-03-22T06:00:00',
        dtend: '2027-03-22T08:30:00',
      }),
      from: '2027-03-22T00:00:00Z',
      to: '2027-03-30T00:00:00Z',
      expected: [
        '2027-03-22T05:00:00.000Z',
        '2027-03-24T05:00:00.000Z',
        '2027-03-26T05:00:00.000Z',
        '2027-03-29T04:00:00.000Z',
      ],
    },
    {
      name: 'and back to 05:00Z after the October change (2027-10-31)',
      ical: berlin({ rrule: 'FREQ=WEEKLY;BYDAY=FR,MO', dtstart: '2027-10-22T06:00:00', dtend: '2027-10-22T07:00:00' }),
      from: '2027-10-22T00:00:00Z',
      to: '2027-11-02T00:00:00Z',
      expected: [
        '2027-10-22T04:00:00.000Z',
        '2027-10-25T04:00:00.000Z',
        '2027-10-29T04:00:00.000Z',
        '2027-11-01T05:00:00.000Z',
      ],
    },
    {
      name: '02:30 on the spring-forward day does not exist: it takes the offset before the gap (03:30 CEST)',
      ical: berlin({ rrule: 'FREQ=DAILY;COUNT=3', dtstart: '2027-03-27T02:30:00', dtend: '2027-03-27T03:00:00' }),
      from: '2027-01-01T00:00:00Z',
      to: '2028-01-01T00:00:00Z',
      expected: ['2027-03-27T01:30:00.000Z', '2027-03-28T01:30:00.000Z', '2027-03-29T00:30:00.000Z'],
    },
    {
      name: '02:30 on the autumn day exists twice: the first (summer time) counts',
      ical: berlin({ rrule: 'FREQ=DAILY;COUNT=3', dtstart: '2027-10-30T02:30:00', dtend: '2027-10-30T03:00:00' }),
      from: '2027-01-01T00:00:00Z',
      to: '2028-01-01T00:00:00Z',
      expected: ['2027-10-30T00:30:00.000Z', '2027-10-31T00:30:00.000Z', '2027-11-01T01:30:00.000Z'],
    },
    {
      name: 'exDate removes an occurrence',
      ical: berlin({ rrule: 'FREQ=DAILY', exDate: ['2027-01-05T06:00:00'] }),
      from: '2027-01-04T00:00:00Z',
      to: '2027-01-07T00:00:00Z',
      expected: ['2027-01-04T05:00:00.000Z', '2027-01-06T05:00:00.000Z'],
    },
    {
      name: 'UNTIL (UTC) ends the series, inclusive',
      ical: berlin({ rrule: 'FREQ=DAILY;UNTIL=20270106T050000Z' }),
      from: '2027-01-01T00:00:00Z',
      to: '2027-02-01T00:00:00Z',
      expected: ['2027-01-04T05:00:00.000Z', '2027-01-05T05:00:00.000Z', '2027-01-06T05:00:00.000Z'],
    },
    {
      name: 'INTERVAL=2 every other week',
      ical: berlin({ rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO' }),
      from: '2027-01-01T00:00:00Z',
      to: '2027-02-01T00:00:00Z',
      expected: ['2027-01-04T05:00:00.000Z', '2027-01-18T05:00:00.000Z'],
    },
    {
      name: 'last Friday of the month (BYSETPOS=-1)',
      ical: berlin({
        rrule: 'FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1',
        dtstart: '2027-01-29T18:00:00',
        dtend: '2027-01-29T20:00:00',
      }),
      from: '2027-01-01T00:00:00Z',
      to: '2027-04-01T00:00:00Z',
      expected: ['2027-01-29T17:00:00.000Z', '2027-02-26T17:00:00.000Z', '2027-03-26T17:00:00.000Z'],
    },
    {
      name: 'monthly on the 1st and 15th (byMonthDay)',
      ical: berlin({
        rrule: 'FREQ=MONTHLY;BYMONTHDAY=1,15',
        dtstart: '2027-01-01T06:00:00',
        dtend: '2027-01-01T07:00:00',
      }),
      from: '2027-01-01T00:00:00Z',
      to: '2027-02-16T00:00:00Z',
      expected: [
        '2027-01-01T05:00:00.000Z',
        '2027-01-15T05:00:00.000Z',
        '2027-02-01T05:00:00.000Z',
        '2027-02-15T05:00:00.000Z',
      ],
    },
    {
      name: 'the window selects by start: [from, to)',
      ical: berlin({ rrule: 'FREQ=DAILY' }),
      from: '2027-01-05T05:00:00Z',
      to: '2027-01-06T05:00:00Z',
      expected: ['2027-01-05T05:00:00.000Z'],
    },
  ];
  for (const c of cases) test(c.name, () => assert.deepEqual(starts(c.ical, c.from, c.to), c.expected));

  test('a night job 23:00-06:00 over the spring-forward night lasts 6 real hours, its end still local 06:00', () => {
    const { recurrence } = normalizeICalendar(
      berlin({ rrule: 'FREQ=DAILY;COUNT=1', dtstart: '2027-03-27T23:00:00', dtend: '2027-03-28T06:00:00' }),
      true,
    );
    const [night] = expandOccurrences(recurrence, 0, Date.parse('2028-01-01'));
    assert.equal(new Date(night!.start).toISOString(), '2027-03-27T22:00:00.000Z');
    assert.equal(new Date(night!.end).toISOString(), '2027-03-28T04:00:00.000Z');
    assert.equal((night!.end - night!.start) / 3_600_000, 6);
  });
});

describe('the rrule string and the structured fields mean the same', () => {
  test('structured fields produce the same occurrences and rrule', () => {
    const fromString = normalizeICalendar(berlin({ rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=6' }), true);
    const fromFields = normalizeICalendar(
      berlin({ frequency: 'weekly', interval: 2, byDay: ['mo', 'th'], count: 6 }),
      false,
    );
    assert.equal(fromFields.ical.rrule, fromString.ical.rrule);
    assert.deepEqual(fromString.ical.byDay, ['MO', 'TH']);
    assert.equal(fromString.ical.interval, 2);
    const window = [0, Date.parse('2028-01-01')] as const;
    assert.deepEqual(
      expandOccurrences(fromFields.recurrence, ...window),
      expandOccurrences(fromString.recurrence, ...window),
    );
    assert.equal(expandOccurrences(fromFields.recurrence, ...window).length, 6);
  });

  test('until in the structured form becomes UNTIL in UTC', () => {
    const { ical } = normalizeICalendar(berlin({ frequency: 'DAILY', until: '2027-02-01T00:00:00+01:00' }), false);
    assert.equal(ical.rrule, 'FREQ=DAILY;UNTIL=20270131T230000Z');
  });
});

describe('validation names the field', () => {
  const rejects = (ical: ICalendar, path: string, rruleFirst = true) => {
    assert.throws(
      () => normalizeICalendar(ical, rruleFirst),
      (error: unknown) => {
        assert.ok(error instanceof HttpError);
        assert.equal(error.status, 400);
        assert.equal(error.errors?.[0]?.path, path);
        return true;
      },
    );
  };
  test('unknown time zone', () => rejects(berlin({ tzid: 'Europe/Atlantis', rrule: 'FREQ=DAILY' }), 'iCalendar.tzid'));
  test('dtend not after dtstart', () =>
    rejects(berlin({ rrule: 'FREQ=DAILY', dtend: '2027-01-04T06:00:00' }), 'iCalendar.dtend'));
  test('impossible date', () =>
    rejects(berlin({ rrule: 'FREQ=DAILY', dtstart: '2027-02-30T06:00:00' }), 'iCalendar.dtstart'));
  test('bad rule part', () => rejects(berlin({ rrule: 'FREQ=DAILY;BYFOO=1' }), 'iCalendar.rrule'));
  test('bad frequency', () => rejects(berlin({ rrule: 'FREQ=SOMETIMES' }), 'iCalendar.rrule'));
  test('bad weekday', () => rejects(berlin({ frequency: 'WEEKLY', byDay: ['XX'] }), 'iCalendar.byDay', false));
  test('no frequency at all', () => rejects(berlin({}), 'iCalendar.frequency', false));
  test('UNTIL with COUNT', () =>
    rejects(berlin({ rrule: 'FREQ=DAILY;COUNT=2;UNTIL=20270201T000000Z' }), 'iCalendar.rrule'));
  test('bad exDate', () => rejects(berlin({ rrule: 'FREQ=DAILY', exDate: ['tomorrow'] }), 'iCalendar.exDate.0'));
});

describe('expansion is bounded per call (the library gives up after 10,000 periods)', () => {
  const utc = (rrule: string, dtstart: string): ICalendar => ({
    tzid: 'UTC',
    rrule,
    dtstart,
    dtend: dtstart.replace('T06', 'T07'),
  });
  const expand = (ical: ICalendar, from: string, to: string) =>
    expandOccurrences(normalizeICalendar(ical, true).recurrence, Date.parse(from), Date.parse(to));

  test('a daily rule over 30 years (10,957 days) expands in slices', () => {
    const days = expand(utc('FREQ=DAILY', '2026-01-01T06:00:00'), '2026-01-01T00:00:00Z', '2056-01-01T00:00:00Z');
    assert.equal(days.length, 10_957);
    assert.equal(new Date(days.at(-1)!.start).toISOString(), '2055-12-31T06:00:00.000Z');
    assert.equal(new Set(days.map((d) => d.start)).size, days.length, 'slice ends are not counted twice');
  });

  test('a COUNT rule is expanded far from its dtstart: COUNT=10000 days from 2000 end on 2027-05-18', () => {
    const may = expand(
      utc('FREQ=DAILY;COUNT=10000', '2000-01-01T06:00:00'),
      '2027-05-01T00:00:00Z',
      '2027-06-01T00:00:00Z',
    );
    assert.equal(may.length, 18);
    assert.equal(new Date(may.at(-1)!.start).toISOString(), '2027-05-18T06:00:00.000Z');
  });

  test('a COUNT rule has exactly the first COUNT occurrences of the same rule without it', () => {
    const window = ['2026-01-01T00:00:00Z', '2046-01-01T00:00:00Z'] as const;
    const counted = expand(utc('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=333', '2026-01-05T06:00:00'), ...window);
    const open = expand(utc('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', '2026-01-05T06:00:00'), ...window);
    assert.equal(counted.length, 333);
    assert.deepEqual(counted, open.slice(0, 333));
  });

  test('a COUNT not reached within COUNT_REACH_YEARS is 400 naming the rule', () => {
    assert.equal(COUNT_REACH_YEARS, 30);
    assert.throws(
      () => normalizeICalendar(utc('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;COUNT=10', '2026-01-01T06:00:00'), true),
      (error: unknown) => {
        assert.ok(error instanceof HttpError);
        assert.equal(error.status, 400);
        assert.equal(error.errors?.[0]?.path, 'iCalendar.rrule');
        assert.match(error.message, /COUNT=10 is not reached within 30 years of dtstart \(7 occurrences until 2056\)/);
        return true;
      },
    );
  });

  test('a rule that never matches, and one starting in 2090, expand to nothing', () => {
    assert.deepEqual(
      expand(
        utc('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', '2026-01-01T06:00:00'),
        '2026-01-01T00:00:00Z',
        '2028-01-01T00:00:00Z',
      ),
      [],
    );
    assert.deepEqual(
      expand(utc('FREQ=DAILY', '2090-01-01T06:00:00'), '2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z'),
      [],
    );
  });
});

describe('local time to UTC', () => {
  test('New York and Tokyo', () => {
    assert.equal(
      new Date(localToUtc('America/New_York', parseLocal('2027-07-01T09:00:00')!)).toISOString(),
      '2027-07-01T13:00:00.000Z',
    );
    assert.equal(
      new Date(localToUtc('Asia/Tokyo', parseLocal('2027-07-01T09:00:00')!)).toISOString(),
      '2027-07-01T00:00:00.000Z',
    );
  });
});
