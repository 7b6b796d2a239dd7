// The only ways to reach tenant data: a transaction bound to one company (as crewbase_app,
// under row-level security) or a credential look-up (as crewbase_auth, read-only).
import { type Kysely, sql } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.generated.js';

export const APP_ROLE = 'crewbase_app';
export const AUTH_ROLE = 'crewbase_auth';
export const WORKER_ROLE = 'crewbase_worker';

/** A transaction bound to one company. Stores take it first; it carries the tenant. */
export interface TenantTx {
  readonly companyId: string;
  /** The transaction's connection: every query through it runs inside the transaction. */
  readonly db: Kysely<DB>;
}

// Company ids are ObjectIds (or the short keys of tests and tools); checked before they are put
// into the statement text below, so the text can never carry anything but such an id.
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * BEGIN and the transaction's settings as one statement text, sent in one round trip (the simple
 * protocol takes several statements, and parameters are not needed for a role name and a checked
 * id). A request's transaction is then three round trips (this, its query, COMMIT) instead of four.
 */
function beginWith(role: string, companyId?: string): string {
  if (companyId !== undefined && !SAFE_ID.test(companyId)) throw new Error('not a company id');
  const tenant = companyId === undefined ? '' : `, set_config('app.company_id', '${companyId}', true)`;
  return `BEGIN; SELECT set_config('role', '${role}', true)${tenant}`;
}

async function transaction<T>(database: Database, begin: string, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  // sql: transaction control on one held connection (Kysely's transaction() sends BEGIN on its own).
  return database.kysely.connection().execute(async (db) => {
    await sql.raw(begin).execute(db);
    let result: T;
    try {
      result = await work(db);
    } catch (error) {
      await sql
        .raw('ROLLBACK')
        .execute(db)
        .catch(() => {}); // a dead connection has no transaction left
      throw error;
    }
    await sql.raw('COMMIT').execute(db);
    return result;
  });
}

export async function inTenant<T>(
  database: Database,
  companyId: string,
  work: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  return transaction(database, beginWith(APP_ROLE, companyId), (db) => work({ companyId, db }));
}

/** Read-only look-up of credentials before the company is known (login, API key, refresh token). */
export async function inAuthLookup<T>(database: Database, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return transaction(database, beginWith(AUTH_ROLE), work);
}

/** The delivery worker's transaction: deliveries of every company, read-only events and webhooks. */
export async function inWorker<T>(database: Database, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return transaction(database, beginWith(WORKER_ROLE), work);
}
