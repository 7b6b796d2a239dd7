// Kysely's result of a statement, for both databases' drivers: the affected rows only for a write; and the error of
// a prepared statement gone stale, which both forget.
import type { QueryResult } from 'kysely';

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** `command` is the first word of the statement's command tag ("INSERT 0 1" → INSERT). */
export function queryResult<R>(rows: R[], command: string | undefined, rowCount: number | null | undefined) {
  return {
    rows,
    ...(WRITES.has(command ?? '') ? { numAffectedRows: BigInt(rowCount ?? 0) } : {}),
  } satisfies QueryResult<R>;
}

/** PostgreSQL's refusal of a prepared statement whose table changed its columns since it was prepared. */
export const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  String((error as Error).message).includes('cached plan must not change result type');
