// Who runs an import: the process that started it holds a lease on it (its runner id, and a
// heartbeat it renews as it goes). An import whose runner is gone is abandoned and marked failed,
// at start-up (every company) and whenever it is read: never `running` for ever.
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { inWorker, type TenantTx } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import type { StoredImport } from './import-store.js';

/** A runner renews its lease at least every second while it works; this long without is death. */
export const LEASE_SECONDS = 30;
export const INTERRUPTED = 'interrupted: the server stopped during the import';

/** One per import service, that is per process serving a database. */
export const newRunnerId = () => `${hostname().slice(0, 60)}:${process.pid}:${newObjectId()}`;

/**
 * Whether a running import's runner is gone. The embedded database is opened by one process at a
 * time (the data directory's lock), so there any runner but this one is; on PostgreSQL, several
 * processes share the table, so only a lease not renewed for LEASE_SECONDS tells.
 */
export function isAbandoned(kind: Database['kind'], stored: StoredImport, self: string): boolean {
  if (stored.report.state !== 'running') return false;
  if (kind === 'pglite') return stored.runner !== self;
  return stored.leaseAgeSeconds > LEASE_SECONDS;
}

const failedColumns = {
  state: 'failed',
  finished_at: sql<Date>`now()`,
  error_count: sql<number>`error_count + 1`,
  errors: sql<string>`errors || jsonb_build_array(jsonb_build_object('row', 0, 'field', '(import)', 'message', ${INTERRUPTED}::text))`,
};

/** Marks one abandoned import failed, if it is still running under the runner that was seen. */
export async function failAbandoned(tx: TenantTx, stored: StoredImport): Promise<void> {
  await tx.db
    .updateTable('imports')
    .set(failedColumns)
    .where('company_id', '=', tx.companyId)
    .where('id', '=', stored.report._id)
    .where('state', '=', 'running')
    .where((eb) => (stored.runner === null ? eb('runner', 'is', null) : eb('runner', '=', stored.runner)))
    .execute();
}

/** At start-up: every company's abandoned imports marked failed; returns how many. */
export async function failAbandonedImports(database: Database, self: string): Promise<number> {
  return inWorker(database, async (db) => {
    const result = await db
      .updateTable('imports')
      .set(failedColumns)
      .where('state', '=', 'running')
      .where((eb) =>
        database.kind === 'pglite'
          ? eb.or([eb('runner', 'is', null), eb('runner', '!=', self)])
          : eb.or([
              eb('heartbeat_at', 'is', null),
              eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${LEASE_SECONDS})`),
            ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}
