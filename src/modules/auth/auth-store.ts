// SQL of the auth module: credential look-ups (before the tenant is known) and tenant-scoped writes.
import { sql, type Kysely } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { DB } from '../../platform/db/schema.generated.js';

export interface LoginCandidate {
  company_id: string;
  id: string;
  password_hash: string | null;
  access_group_id: string | null;
  locked_until: Date | null;
}

export async function findLoginCandidates(db: Kysely<DB>, username: string): Promise<LoginCandidate[]> {
  const name = username.toLowerCase();
  return (await db
    .selectFrom('users')
    .select(['company_id', 'id', 'password_hash', 'access_group_id', 'locked_until'])
    .where((eb) => eb.or([eb('login', '=', name), eb('login_email', '=', name)]))
    .limit(2)
    .execute()) as LoginCandidate[];
}

export async function findUsersByTelephone(db: Kysely<DB>, telephone: string): Promise<LoginCandidate[]> {
  return (await db
    .selectFrom('users')
    .select(['company_id', 'id', 'password_hash', 'access_group_id', 'locked_until'])
    .where('telephone', '=', telephone)
    .limit(2)
    .execute()) as LoginCandidate[];
}

/**
 * Counts a log-in try before its password is checked, in one statement, so parallel guesses cannot
 * share a try. The try that reaches the limit locks the account at once (a success unlocks it); an
 * expired lock starts a new count. True when this try may check its password.
 */
export async function takeLoginTry(
  tx: TenantTx,
  userId: string,
  maxTries: number,
  lockSeconds: number,
): Promise<boolean> {
  const row = (
    await sql`UPDATE users SET
      login_tries = CASE WHEN locked_until <= now() THEN 1 ELSE login_tries + 1 END,
      locked_until = CASE
        WHEN locked_until > now() THEN locked_until
        WHEN (CASE WHEN locked_until <= now() THEN 1 ELSE login_tries + 1 END) >= ${maxTries} THEN now() + make_interval(secs => ${lockSeconds})
        ELSE NULL END
    WHERE company_id = ${tx.companyId} AND id = ${userId}
    RETURNING login_tries`.execute(tx.db)
  ).rows[0] as { login_tries: number } | undefined;
  return Boolean(row && Number(row.login_tries) <= maxTries);
}

export async function recordLoginSuccess(tx: TenantTx, userId: string) {
  await tx.db
    .updateTable('users')
    .set({ login_tries: 0, locked_until: null })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', userId)
    .execute();
}

export async function findUserCredentials(tx: TenantTx, userId: string) {
  return (await tx.db
    .selectFrom('users')
    .select(['id', 'login', 'login_email', 'password_hash', 'access_group_id'])
    .where('company_id', '=', tx.companyId)
    .where('id', '=', userId)
    .executeTakeFirst()) as
    | {
        id: string;
        login: string | null;
        login_email: string | null;
        password_hash: string | null;
        access_group_id: string | null;
      }
    | undefined;
}

export async function setPasswordHash(tx: TenantTx, userId: string, hash: string) {
  await sql`UPDATE users SET password_hash = ${hash},
      doc = jsonb_set(doc, '{access}',
        (CASE WHEN jsonb_typeof(doc->'access') = 'object' THEN doc->'access' ELSE '{}'::jsonb END)
          || jsonb_build_object('passwordChangeDate', ${new Date().toISOString()}::text)),
      modified_at = now(), modified_by = ${userId}
    WHERE company_id = ${tx.companyId} AND id = ${userId}`.execute(tx.db);
}

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
  return (await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()) as
    | RefreshTokenRow
    | undefined;
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
    .set({ used_at: sql`now()` })
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
    .set({ revoked_at: sql`now()` })
    .where('company_id', '=', tx.companyId)
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserRefreshTokens(tx: TenantTx, userId: string, exceptFamily?: string) {
  let query = tx.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
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
    .set({ used_at: sql`now()` })
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
export async function takeAuthCodeTry(tx: TenantTx, userId: string, maxTries: number) {
  return (
    await sql`UPDATE auth_codes SET tries = tries + 1
    WHERE company_id = ${tx.companyId} AND tries < ${maxTries} AND id = (
      SELECT id FROM auth_codes WHERE company_id = ${tx.companyId} AND user_id = ${userId}
        AND used_at IS NULL AND expires_at > now() ORDER BY created_at DESC LIMIT 1)
    RETURNING id, code_hash`.execute(tx.db)
  ).rows[0] as { id: string; code_hash: string } | undefined;
}

/** Uses a code once: false when a parallel request used it first. */
export async function consumeAuthCode(tx: TenantTx, id: string): Promise<boolean> {
  const result = await tx.db
    .updateTable('auth_codes')
    .set({ used_at: sql`now()` })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// API keys
export interface ApiKeyRow {
  company_id: string;
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date | null;
  created_at: Date;
  created_by: string | null;
  last_used_at: Date | null;
}

export async function findApiKeyByHash(db: Kysely<DB>, keyHash: string): Promise<ApiKeyRow | undefined> {
  return (await db
    .selectFrom('api_keys')
    .select(['company_id', 'id', 'name', 'prefix', 'scopes', 'expires_at', 'created_at', 'created_by', 'last_used_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst()) as ApiKeyRow | undefined;
}

export async function touchApiKey(tx: TenantTx, id: string) {
  await tx.db
    .updateTable('api_keys')
    .set({ last_used_at: sql`now()` })
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .execute();
}

export interface PrincipalState {
  /** The rights of the user's access group now (none when the group is gone). */
  permissions: Record<string, any>;
  /** Whether the log-in session asked about is still open (true when none was asked about). */
  isSessionOpen: boolean;
}

/**
 * What a user may do now: their current group's rights, and whether a session is still open (not
 * ended by a log-out, a password change or a reuse of its refresh token). Undefined: no such user.
 */
export async function loadPrincipal(
  tx: TenantTx,
  userId: string,
  sessionId?: string,
): Promise<PrincipalState | undefined> {
  const row = (
    await sql`SELECT g.doc -> 'permissions' AS permissions,
        ${
          sessionId === undefined
            ? sql`true`
            : sql`EXISTS (SELECT 1 FROM refresh_tokens r
          WHERE r.company_id = u.company_id AND r.family_id = ${sessionId} AND r.user_id = u.id AND r.revoked_at IS NULL)`
        } AS open
      FROM users u LEFT JOIN access_groups g ON g.company_id = u.company_id AND g.id = u.access_group_id
      WHERE u.company_id = ${tx.companyId} AND u.id = ${userId}`.execute(tx.db)
  ).rows[0] as { permissions: Record<string, any> | null; open: boolean } | undefined;
  return row ? { permissions: row.permissions ?? {}, isSessionOpen: Boolean(row.open) } : undefined;
}

export async function insertApiKey(tx: TenantTx, row: Omit<ApiKeyRow, 'company_id'> & { key_hash: string }) {
  await tx.db
    .insertInto('api_keys')
    .values({ ...row, company_id: tx.companyId })
    .execute();
}

export async function listApiKeys(
  tx: TenantTx,
  limit: number,
  offset: number,
): Promise<{ rows: ApiKeyRow[]; total: number }> {
  const rows = await tx.db
    .selectFrom('api_keys')
    .select(['company_id', 'id', 'name', 'prefix', 'scopes', 'expires_at', 'created_at', 'created_by', 'last_used_at'])
    .where('company_id', '=', tx.companyId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await tx.db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', tx.companyId)
    .executeTakeFirstOrThrow();
  return { rows: rows as ApiKeyRow[], total: Number(n) };
}

/** Deletes a key and keeps who revoked it, when, and what it was (never its hash). */
export async function deleteApiKey(tx: TenantTx, id: string, deletedBy: string): Promise<boolean> {
  const row = await tx.db
    .deleteFrom('api_keys')
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id)
    .returning(['id', 'name', 'prefix', 'scopes'])
    .executeTakeFirst();
  if (!row) return false;
  await tx.db
    .insertInto('deleted_records')
    .values({
      company_id: tx.companyId,
      resource: 'apiKeys',
      id,
      doc: JSON.stringify(row),
      deleted_by: deletedBy,
    })
    .execute();
  return true;
}
