// The only ways to reach tenant data: a transaction bound to one company (as crewbase_app,
// under row-level security) or a credential look-up (as crewbase_auth, read-only).
import type { Kysely } from 'kysely';
import type { Database } from './database.js';
import type { TransactionOptions } from './transaction-options.js';
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
 * id). On PostgreSQL it is not even waited for (postgres-transaction.ts). With `setLocal` the
 * settings are SET LOCAL statements instead of set_config(…, true) calls: the same settings, in the
 * form Citus propagates to the nodes holding the shards (citus.propagate_set_commands = 'local',
 * docs/scaling.md §4, DATABASE_TENANCY_STATEMENT).
 */
function beginWith(role: string, companyId?: string, readOnly = false, setLocal = false): string {
  if (companyId !== undefined && !SAFE_ID.test(companyId)) throw new Error('not a company id');
  const begin = `BEGIN${readOnly ? ' READ ONLY' : ''}`;
  if (setLocal)
    return `${begin}; SET LOCAL role ${role}${companyId === undefined ? '' : `; SET LOCAL app.company_id = '${companyId}'`}`;
  const tenant = companyId === undefined ? '' : `, set_config('app.company_id', '${companyId}', true)`;
  return `${begin}; SELECT set_config('role', '${role}', true)${tenant}`;
}

/**
 * A read's options with its settings as values too, which PostgreSQL's driver sets without BEGIN
 * (implicit-read.ts). Not where the settings must be SET LOCAL statements (Citus).
 */
function readSettings(
  database: Database,
  role: string,
  companyId: string | undefined,
  options: TransactionOptions = {},
): TransactionOptions {
  if (database.setLocal) return options;
  return { ...options, settings: companyId === undefined ? { role } : { role, companyId } };
}

export async function inTenant<T>(
  database: Database,
  companyId: string,
  work: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  return database.transaction(beginWith(APP_ROLE, companyId, false, database.setLocal), false, (db) =>
    work({ companyId, db }),
  );
}

/**
 * As inTenant, on another connection than the caller's, or undefined (nothing run) when none is free now. For
 * work beside a transaction that holds a lock others may wait for while holding connections (the planning
 * lock, job-planning.ts): waiting for a connection there could wait forever. The check and the pool's
 * connect() follow each other without a turn of the event loop between them, so no one takes it meanwhile.
 */
export function inTenantIfFree<T>(
  database: Database,
  companyId: string,
  work: (tx: TenantTx) => Promise<T>,
): Promise<T> | undefined {
  if (!database.hasFreeConnection?.()) return undefined;
  return inTenant(database, companyId, work);
}

/**
 * A read: as inTenant, in a READ ONLY transaction (a write in it fails), whose COMMIT PostgreSQL
 * is not waited for (nothing to lose), so a read of one statement is one round trip.
 */
export async function readInTenant<T>(
  database: Database,
  companyId: string,
  work: (tx: TenantTx) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  return database.transaction(
    beginWith(APP_ROLE, companyId, true, database.setLocal),
    true,
    (db) => work({ companyId, db }),
    readSettings(database, APP_ROLE, companyId, options),
  );
}

/**
 * A read that tolerates replica lag (docs/scaling.md §3: job lists, single jobs, planned frames): on
 * a read replica when one qualifies under read-routing.ts's guard, else as readInTenant. `client`
 * names the caller (company and principal) so its reads follow its own writes.
 */
export async function readLagTolerant<T>(
  database: Database,
  companyId: string,
  client: string | undefined,
  work: (tx: TenantTx) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  const onPrimary = () => readInTenant(database, companyId, work, options);
  const router = database.readRouter;
  if (!router) return onPrimary();
  const begin = beginWith(APP_ROLE, companyId, true, database.setLocal);
  const readOptions = readSettings(database, APP_ROLE, companyId, options);
  return router.read(begin, { companyId, client }, (db) => work({ companyId, db }), onPrimary, readOptions);
}

/** Read-only look-up of credentials before the company is known (login, API key, refresh token). */
export async function inAuthLookup<T>(database: Database, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const readOptions = readSettings(database, AUTH_ROLE, undefined);
  return database.transaction(beginWith(AUTH_ROLE, undefined, true, database.setLocal), true, work, readOptions);
}

/** The delivery worker's transaction: deliveries of every company, read-only events and webhooks. */
export async function inWorker<T>(database: Database, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return database.transaction(beginWith(WORKER_ROLE, undefined, false, database.setLocal), false, work);
}
