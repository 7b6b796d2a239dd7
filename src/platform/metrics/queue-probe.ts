// What a queue's owner tells the metrics: how many of its rows wait and since when, as scalar
// subqueries of the one statement /metrics runs per scrape as the worker role (which reads every
// company's queue rows). The owner names its table; the metrics module names no table.
import type { AliasedExpression, ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema.generated.js';

/** A subquery of one column and at most one row, for `selectNoFrom` (its value is the column's). */
export interface ScalarSubquery<T> {
  as<A extends string>(alias: A): AliasedExpression<{ [column: string]: T }, A>;
}

export interface QueueProbe {
  /** Part of the metric names: `crewbase_<queue>_pending`, `crewbase_<queue>_oldest_age_seconds`. */
  readonly queue: string;
  /** What waits, for the help text ("webhook deliveries not yet delivered"). */
  readonly what: string;
  /** How many wait. */
  pending(eb: ExpressionBuilder<DB, never>): ScalarSubquery<number | string>;
  /** When the oldest of them was queued; null when none waits. */
  oldest(eb: ExpressionBuilder<DB, never>): ScalarSubquery<Date | null>;
}
