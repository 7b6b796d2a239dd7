// Which jobs overlap a time range [from, to): the one condition of every read of the jobs during a range (a time
// frame, the jobs an absence takes, whether a user is busy), written so that each walks its from_at index from
// half a day before the range, not from a week before it.
import { type RawBuilder, sql } from 'kysely';
import { LONG_JOB_MS, MAX_JOB_MS } from './jobs-resource.js';

/** A range as SQL: its ends and the two earlier starts the condition bounds the jobs by. */
interface RangeSql {
  from: RawBuilder<Date>;
  to: RawBuilder<Date>;
  /** from less LONG_JOB_MS: where the jobs that are not long start at the earliest. */
  lessLong: RawBuilder<Date>;
  /** from less MAX_JOB_MS: where any job overlapping the range starts at the earliest. */
  lessMax: RawBuilder<Date>;
}

/** A range given in epoch ms, sent as parameters. */
export function rangeOf(from: number, to: number): RangeSql {
  const at = (ms: number) => sql<Date>`${new Date(ms)}`;
  return { from: at(from), to: at(to), lessLong: at(from - LONG_JOB_MS), lessMax: at(from - MAX_JOB_MS) };
}

/** A window as a row of a record set joined in (windowColumns reads it), its earlier starts computed here. */
export function windowRow(from: Date | string, to: Date | string) {
  const start = new Date(from).getTime();
  return {
    from_at: new Date(start).toISOString(),
    to_at: new Date(to).toISOString(),
    less_long_at: new Date(start - LONG_JOB_MS).toISOString(),
    less_max_at: new Date(start - MAX_JOB_MS).toISOString(),
  };
}

/** The record set's columns of windowRow, for `AS alias(..., ${WINDOW_COLUMNS})`. */
export const WINDOW_COLUMNS = sql.raw(
  'from_at timestamptz, to_at timestamptz, less_long_at timestamptz, less_max_at timestamptz',
);

/**
 * The range of the joined window row `alias` (windowRow). Its earlier starts are columns, not `from_at - interval`:
 * under row-level security that expression of another row counts as leaky, and the bound became a filter.
 */
export function windowColumns(alias: string): RangeSql {
  const column = (name: string) => sql.ref<Date>(`${alias}.${name}`);
  return {
    from: column('from_at'),
    to: column('to_at'),
    lessLong: column('less_long_at'),
    lessMax: column('less_max_at'),
  };
}

/**
 * Whether the jobs row `row` (an alias, or the table's name) overlaps the range, with the earliest start such a
 * job can have as a condition the planner takes into the from_at indexes. A job lasts at most MAX_JOB_MS, but
 * those longer than LONG_JOB_MS are few and have an index of their own (jobs_long_from_idx): the others
 * overlapping the range started at most LONG_JOB_MS before it, the long ones no earlier than the first of them,
 * found with one look-up there (an InitPlan, run once per statement, or once per window of a lateral join).
 * A company's day of 373 jobs read 559 rows instead of 2,824. The interval is written out as the index's
 * predicate says it, so that PostgreSQL proves the look-up may use that index; `LEAST` skips the look-up's null
 * (a `COALESCE` around it made the bound a filter under row-level security instead of an index condition).
 */
export function overlapsSql(row: string, companyId: string, range: RangeSql): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${row}.${name}`);
  const longer = sql.raw(`interval '${LONG_JOB_MS / 3_600_000} hours'`);
  return sql<boolean>`(${column('from_at')} < ${range.to} AND ${column('to_at')} > ${range.from}
    AND ${column('from_at')} >= LEAST(${range.lessLong}, (SELECT min(l.from_at) FROM jobs l
      WHERE l.company_id = ${companyId} AND l.to_at - l.from_at > ${longer}
        AND l.from_at > ${range.lessMax} AND l.from_at < ${range.to} AND l.to_at > ${range.from})))`;
}
