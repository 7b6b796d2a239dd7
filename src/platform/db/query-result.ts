// Kysely's result of a statement, for both databases' drivers: the affected rows only for a write.
import type { QueryResult } from 'kysely';

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** `command` is the first word of the statement's command tag ("INSERT 0 1" → INSERT). */
export function queryResult<R>(rows: R[], command: string | undefined, rowCount: number | null | undefined) {
  return {
    rows,
    ...(WRITES.has(command ?? '') ? { numAffectedRows: BigInt(rowCount ?? 0) } : {}),
  } satisfies QueryResult<R>;
}
