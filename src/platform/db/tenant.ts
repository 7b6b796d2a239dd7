// The only ways to reach tenant data: a transaction bound to one company (as crewbase_app,
// under row-level security) or a credential look-up (as crewbase_auth, read-only).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.generated.js';

export const APP_ROLE = 'crewbase_app';
export const AUTH_ROLE = 'crewbase_auth';

/** A transaction bound to one company. Stores take it first; it carries the tenant. */
export interface TenantTx {
  readonly companyId: string;
  readonly db: Transaction<DB>;
}

export async function inTenant<T>(
  database: Database,
  companyId: string,
  work: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  return database.kysely.transaction().execute(async (db) => {
    // sql: set_config is a function call (SET LOCAL takes no parameters); the same in the functions below
    await sql`SELECT set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${companyId}, true)`.execute(
      db,
    );
    return work({ companyId, db });
  });
}

/** Read-only look-up of credentials before the company is known (login, API key, refresh token). */
export async function inAuthLookup<T>(database: Database, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return database.kysely.transaction().execute(async (db) => {
    await sql`SELECT set_config('role', ${AUTH_ROLE}, true)`.execute(db);
    return work(db);
  });
}

export const WORKER_ROLE = 'crewbase_worker';

/** The delivery worker's transaction: deliveries of every company, read-only events and webhooks. */
export async function inWorker<T>(database: Database, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return database.kysely.transaction().execute(async (db) => {
    await sql`SELECT set_config('role', ${WORKER_ROLE}, true)`.execute(db);
    return work(db);
  });
}
