// SQL of the auth module's sessions (refresh tokens), SMS codes and what a principal may do now:
// look-ups before the tenant is known, and tenant-scoped writes. The users' credential columns are
// the users module's; API keys are in api-key-store.ts.
import { sql, type Kysely } from 'kysely';
import { PREPARED } from '../../platform/db/postgres-transaction.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { DB } from '../../platform/db/schema.generated.js';
import type { Permissions } from '../../platform/http/permissions.js';
import { groupPermissionsSql } from '../../resources/access-group-sql-fragments.js';
import { companyUsersAccessGroupSql, userAccessGroupSql } from '../users/index.js';

// Refresh tokens: one family per log-in; each use replaces the token, a reuse revokes the family.
export interface RefreshTokenRow {
  company_id: string;
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export async function findRefreshToken(db: Kysely<DB>, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .select(['company_id', 'id', 'user_id', 'family_id', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertRefreshToken(
  tx: TenantTx,
  row: { id: string; userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await tx.db
    .insertInto('refresh_tokens')
    .values({
      company_id: tx.companyId,
      id: row.id,
      user_id: row.userId,
      family_id: row.familyId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Marks a token used; false when it was used (or revoked) already. */
export async function consumeRefreshToken(tx: TenantTx, id: string): Promise<boolean> {
  const result = await tx.db
    .updateTable('refresh_tokens')
    .set((eb) => ({ used_at: eb.fn<Date>('now') }))
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshFamily(tx: TenantTx, familyId: string) {
  await tx.db
    .updateTable('refresh_tokens')
    .set((eb) => ({ revoked_at: eb.fn<Date>('now') }))
    .where('company_id', '=', tx.companyId)
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserRefreshTokens(tx: TenantTx, userId: string, exceptFamily?: string) {
  let query = tx.db
    .updateTable('refresh_tokens')
    .set((eb) => ({ revoked_at: eb.fn<Date>('now') }))
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamily) query = query.where('family_id', '!=', exceptFamily);
  await query.execute();
}

// SMS codes
export async function insertAuthCode(
  tx: TenantTx,
  row: { id: string; userId: string; codeHash: string; expiresAt: Date },
) {
  await tx.db
    .updateTable('auth_codes')
    .set((eb) => ({ used_at: eb.fn<Date>('now') }))
    .where('company_id', '=', tx.companyId)
    .where('user_id', '=', row.userId)
    .where('used_at', 'is', null)
    .execute();
  await tx.db
    .insertInto('auth_codes')
    .values({
      company_id: tx.companyId,
      id: row.id,
      user_id: row.userId,
      code_hash: row.codeHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Counts a try of the user's newest valid code before it is compared; undefined when none is left. */
export async function takeAuthCodeTry(
  tx: TenantTx,
  userId: string,
  maxTries: number,
): Promise<{ id: string; code_hash: string } | undefined> {
  // sql: the newest valid code is found and counted in one UPDATE (a sub-select with ORDER BY … LIMIT 1).
  return (
    await sql<{ id: string; code_hash: string }>`UPDATE auth_codes SET tries = tries + 1
    WHERE company_id = ${tx.companyId} AND tries < ${maxTries} AND id = (
      SELECT id FROM auth_codes WHERE company_id = ${tx.companyId} AND user_id = ${userId}
        AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1)
    RETURNING id, code_hash`.execute(tx.db)
  ).rows[0];
}

/** Uses a code once: false when a parallel request used it first. */
export async function consumeAuthCode(tx: TenantTx, id: string): Promise<boolean> {
  const result = await tx.db
    .updateTable('auth_codes')
    .set((eb) => ({ used_at: eb.fn<Date>('now') }))
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface PrincipalState {
  /** The rights of the user's access group now (none when the group is gone). */
  permissions: Permissions;
  /** Whether the log-in session asked about is still open (true when none was asked about). */
  isSessionOpen: boolean;
}

/**
 * What a user may do now: their current group's rights, and whether a session is still open (not
 * ended by a log-out, a password change or a reuse of its refresh token). Undefined: no such user.
 * A closed session answers without the rights (they are not used then).
 * One statement (one round trip), prepared: at peak hour most requests of a company's users find no cached
 * state, so every request but the cached ones pays for it, and planning it cost more than running it.
 */
export async function loadPrincipal(
  tx: TenantTx,
  userId: string,
  sessionId?: string,
): Promise<PrincipalState | undefined> {
  const companyId = sql.val(tx.companyId);
  const sessionOpen =
    sessionId === undefined
      ? sql<boolean>`true`
      : sql<boolean>`EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.company_id = ${companyId}
          AND r.family_id = ${sessionId} AND r.user_id = ${userId} AND r.revoked_at IS NULL)`;
  const { rows } = await sql<{ session_open: boolean; permissions: Permissions | null }>`${PREPARED}SELECT
           ${sessionOpen} AS session_open,
           ${groupPermissionsSql(companyId, sql.ref('u.access_group_id'))} AS permissions
      FROM (${userAccessGroupSql(companyId, sql.val(userId))}) u`.execute(tx.db);
  const row = rows[0];
  if (!row) return undefined;
  if (!row.session_open) return { permissions: {}, isSessionOpen: false };
  return { permissions: row.permissions ?? {}, isSessionOpen: true };
}

/** A user of the company with the rights of their group now and their open log-in sessions. */
export interface CompanyPrincipal {
  userId: string;
  permissions: Permissions;
  sessionIds: string[];
}

/**
 * loadPrincipal's answer for every user of the company and each of their open sessions at once, in one
 * statement, or undefined when the company has more than `max` users or open sessions (then it is not
 * worth keeping them all). A group's rights are read and parsed once, on its first user's row.
 */
export async function loadCompanyPrincipals(tx: TenantTx, max: number): Promise<CompanyPrincipal[] | undefined> {
  const companyId = sql.val(tx.companyId);
  const { rows } = await sql<{
    user_id: string;
    access_group_id: string | null;
    session_ids: string[];
    group_first: boolean;
    permissions: Permissions | null;
  }>`${PREPARED}SELECT w.*,
      CASE WHEN w.group_first THEN ${groupPermissionsSql(companyId, sql.ref('w.access_group_id'))} END AS permissions
    FROM (SELECT u.id AS user_id, u.access_group_id,
        ARRAY(SELECT DISTINCT r.family_id FROM refresh_tokens r WHERE r.company_id = ${companyId}
          AND r.user_id = u.id AND r.revoked_at IS NULL LIMIT ${max + 1}) AS session_ids,
        row_number() OVER (PARTITION BY u.access_group_id ORDER BY u.id) = 1 AS group_first
      FROM (SELECT * FROM (${companyUsersAccessGroupSql(companyId)}) c LIMIT ${max + 1}) u) w`.execute(tx.db);
  if (rows.length > max || rows.reduce((n, row) => n + row.session_ids.length, 0) > max) return undefined;
  const rights = new Map<string | null, Permissions>();
  for (const row of rows) if (row.group_first) rights.set(row.access_group_id, row.permissions ?? {});
  return rows.map((row) => ({
    userId: row.user_id,
    permissions: rights.get(row.access_group_id) ?? {},
    sessionIds: row.session_ids,
  }));
}
