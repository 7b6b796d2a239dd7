// The jobsInTimeFrame request mix: Q1 one employee's week, Q2 the whole company's day, both in
// Europe/Berlin and inside the generated window (so the server never has to extend it).
import { localToUtc } from '../../src/platform/time/zoned-time.js';
import { seededRandom } from './random.js';

const DAY = 86_400_000;
const FIRST_MONDAY = Date.UTC(2026, 0, 5); // local midnight, as wall clock read as UTC
const WEEKS = 103; // the last starts on Monday 2027-12-20
const DAYS = 726; // 2026-01-05 .. 2027-12-31
const TIME_ZONE = 'Europe/Berlin';

export interface TimeFrameBody {
  from: number;
  to: number;
  userIds?: string[];
}

function localSpan(firstLocalMidnight: number, days: number): { from: number; to: number } {
  return {
    from: localToUtc(TIME_ZONE, firstLocalMidnight),
    to: localToUtc(TIME_ZONE, firstLocalMidnight + days * DAY),
  };
}

export type BodyFactory = () => TimeFrameBody;

/** Q1: a random employee (userIds: [id]) and a random week, Monday to Monday. */
export function employeeWeeks(userIds: readonly string[], seed: number): BodyFactory {
  const rng = seededRandom(seed);
  return () => ({ ...localSpan(FIRST_MONDAY + 7 * DAY * rng.int(0, WEEKS - 1), 7), userIds: [rng.pick(userIds)] });
}

/** Q2: the whole company on a random day. */
export function companyDays(seed: number): BodyFactory {
  const rng = seededRandom(seed);
  return () => localSpan(FIRST_MONDAY + DAY * rng.int(0, DAYS - 1), 1);
}
