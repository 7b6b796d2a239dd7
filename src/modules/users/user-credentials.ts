// The users table's credential columns, for the auth module: log-in look-ups (before the tenant is
// known), the log-in try counter, and the password change. Only this module names the users table.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.generated.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import { findRecord, updateRecord } from '../../resources/engine/resource-store.js';
import { users } from './users-resource.js';

export interface LoginCandidate {
  company_id: string;
  id: string;
  password_hash: string | null;
  access_group_id: string | null;
  locked_until: Date | null;
}

const CANDIDATE_COLUMNS = ['company_id', 'id', 'password_hash', 'access_group_id', 'locked_until'] as const;

/** The users whose login id or e-mail is this name (at most two: more than one is ambiguous). */
export async function findLoginCandidates(db: Kysely<DB>, username: string): Promise<LoginCandidate[]> {
  const name = username.toLowerCase();
  return db
    .selectFrom('users')
    .select(CANDIDATE_COLUMNS)
    .where((eb) => eb.or([eb('login', '=', name), eb('login_email', '=', name)]))
    .limit(2)
    .execute();
}

/** The users who receive SMS codes at this (normalised) number (at most two). */
export async function findUsersByTelephone(db: Kysely<DB>, telephone: string): Promise<LoginCandidate[]> {
  return db.selectFrom('users').select(CANDIDATE_COLUMNS).where('telephone', '=', telephone).limit(2).execute();
}

/**
 * Counts a log-in try before its password is checked, in one statement, so parallel guesses cannot
 * share a try. The try that reaches the limit locks the account at once (a success unlocks it); an
 * expired lock starts a new count. True when this try may check its password.
 * The count is bookkeeping, not a change of the record: it emits no event and leaves modified_at.
 */
export async function takeLoginTry(
  tx: TenantTx,
  userId: string,
  maxTries: number,
  lockSeconds: number,
): Promise<boolean> {
  // sql: both columns are computed from the row's old values in one UPDATE (CASE over now()).
  const row = (
    await sql<{ login_tries: number }>`UPDATE users SET
      login_tries = CASE WHEN locked_until <= now() THEN 1 ELSE login_tries + 1 END,
      locked_until = CASE
        WHEN locked_until > now() THEN locked_until
        WHEN (CASE WHEN locked_until <= now() THEN 1 ELSE login_tries + 1 END) >= ${maxTries} THEN now() + make_interval(secs => ${lockSeconds})
        ELSE NULL END
    WHERE company_id = ${tx.companyId} AND id = ${userId}
    RETURNING login_tries`.execute(tx.db)
  ).rows[0];
  return Boolean(row && Number(row.login_tries) <= maxTries);
}

/** A successful log-in resets the try counter and any lock (bookkeeping: no event). */
export async function recordLoginSuccess(tx: TenantTx, userId: string): Promise<void> {
  await tx.db
    .updateTable('users')
    .set({ login_tries: 0, locked_until: null })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', userId)
    .execute();
}

export interface UserCredentials {
  id: string;
  login: string | null;
  login_email: string | null;
  password_hash: string | null;
  access_group_id: string | null;
}

export async function findUserCredentials(tx: TenantTx, userId: string): Promise<UserCredentials | undefined> {
  return tx.db
    .selectFrom('users')
    .select(['id', 'login', 'login_email', 'password_hash', 'access_group_id'])
    .where('company_id', '=', tx.companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The user's access group: null when none is set, undefined when there is no such user. */
export async function userAccessGroupId(tx: TenantTx, userId: string): Promise<string | null | undefined> {
  const row = await tx.db
    .selectFrom('users')
    .select('access_group_id')
    .where('company_id', '=', tx.companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? row.access_group_id : undefined;
}

/**
 * Stores a new password hash the user chose, and records the change (access.passwordChangeDate) as
 * an update of the record by the user: through the engine's update, so modified_at and the UPDATE
 * event come with it as with any other change. False when there is no such user.
 */
export async function storeOwnPasswordChange(tx: TenantTx, userId: string, hash: string): Promise<boolean> {
  const record = await findRecord(tx, users, userId, { forUpdate: true });
  if (!record) return false;
  const access = record.doc.access;
  const doc = {
    ...record.doc,
    access: {
      ...(access && typeof access === 'object' && !Array.isArray(access) ? access : {}),
      passwordChangeDate: new Date().toISOString(),
    },
  };
  await updateRecord(tx, users, userId, { doc, userId, columns: { password_hash: hash } });
  return true;
}
