// Which jobs overlap a time range [from, to): the one condition of every read of the jobs during a range (a time
// frame, the jobs an absence takes, whether a user is busy), written so that each walks its from_at index from
// half a day before the range, not from a week before it.
import { type RawBuilder, sql } from 'kysely';
import { LONG_JOB_MS, MAX_JOB_MS } from './jobs-resource.js';

/**
 * Whether the jobs row `row` (an alias, or the table's name) overlaps [from, to) (epoch ms), with the earliest
 * start such a job can have as a condition the planner takes into the from_at indexes. A job lasts at most
 * MAX_JOB_MS, but those longer than LONG_JOB_MS are few and have an index of their own (jobs_long_from_idx): the
 * others overlapping the range started at most LONG_JOB_MS before it, the long ones no earlier than the first
 * of them, found with one look-up there (an InitPlan, run once per statement). A company's day of 373 jobs read
 * 559 rows instead of 2,824. The interval is written out as the index's predicate says it, so that PostgreSQL
 * proves the look-up may use that index; `LEAST` skips the look-up's null (a `COALESCE` around it made the
 * bound a filter under row-level security instead of an index condition).
 */
export function overlapsSql(row: string, companyId: string, from: number, to: number): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${row}.${name}`);
  const longer = sql.raw(`interval '${LONG_JOB_MS / 3_600_000} hours'`);
  return sql<boolean>`(${column('from_at')} < ${new Date(to)} AND ${column('to_at')} > ${new Date(from)}
    AND ${column('from_at')} >= LEAST(${new Date(from - LONG_JOB_MS)}, (SELECT min(l.from_at) FROM jobs l
      WHERE l.company_id = ${companyId} AND l.to_at - l.from_at > ${longer}
        AND l.from_at > ${new Date(from - MAX_JOB_MS)} AND l.from_at < ${new Date(to)} AND l.to_at > ${new Date(from)})))`;
}
