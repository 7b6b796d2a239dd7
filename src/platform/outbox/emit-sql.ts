// Emitting events from inside a statement: for writes whose events are built from the rows the
// same statement stores (the engine's INSERT/UPDATE ... RETURNING), so a document crosses the wire
// once. crewbase_emit (the SQL side of emit.ts) writes the event rows and their webhook deliveries.
import { sql, type RawBuilder } from 'kysely';
import type { EventType } from './emit.js';

/** `crewbase_emit(...)`: one event of `type` per element of `items`, an SQL `jsonb[]` expression. */
export function emitSql(
  companyId: string,
  type: EventType,
  entity: string,
  items: RawBuilder<unknown>,
): RawBuilder<unknown> {
  // sql: a call inside the caller's statement (WITH stored AS (write) SELECT ...), not a statement of its own
  return sql`crewbase_emit(${companyId}, ${type}, ${entity}, ${items})`;
}
