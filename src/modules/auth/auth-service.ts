// Log-in, token refresh (with rotation and reuse detection), SMS codes and password change.
import { randomInt } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { inAuthLookup, inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { Forbidden, HttpError, Unauthorized, fieldError } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { normalizeTelephone } from '../../platform/telephone.js';
import {
  findLoginCandidates,
  findUserCredentials,
  findUsersByTelephone,
  languageOfUser,
  recordLoginSuccess,
  type SessionHooks,
  storeOwnPasswordChange,
  takeLoginTry,
} from '../users/index.js';
import { signAccessToken } from './access-tokens.js';
import * as authStore from './auth-store.js';
import { textOf } from '../../platform/texts/texts.js';
import { hmac, randomSecret, sameHex, sha256 } from './secrets.js';
import type { SmsGateway } from '../../platform/sms/sms-gateway.js';
import { type SmsNumberLimit, smsNumberLimit } from '../../platform/sms/sms-number-limit.js';

const INVALID_LOGIN = 'Invalid credentials, or the account is locked for a while after repeated failures';
const CODE_TTL_MS = 5 * 60_000;
const CODE_MAX_TRIES = 5;

/** How the users module ends a user's sessions (the app and the command line give it when registering users). */
export const userSessions: SessionHooks = {
  endSessions: (tx, userId) => authStore.revokeUserRefreshTokens(tx, userId),
};

export interface Tokens {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  refreshToken: string;
}

export interface AuthDeps {
  config: Config;
  database: Database;
  sms: SmsGateway;
  /** The per-number hourly SMS limit shared with company-triggered SMS; the command line has its own. */
  numberLimit?: SmsNumberLimit;
  /** Reads a user as the API shows it (for the login response). */
  readUser(tx: TenantTx, userId: string): Promise<Record<string, unknown> | undefined>;
  /** The password check (tests hold it to line parallel log-ins up). */
  verifyPassword?: typeof verifyPassword;
}

export function authService(deps: AuthDeps) {
  const { config, database } = deps;
  const verify = deps.verifyPassword ?? verifyPassword;
  const numberLimit = deps.numberLimit ?? smsNumberLimit(config);

  /** Starts a session (a new refresh family, or the next token of one) inside the caller's transaction. */
  async function issueTokens(
    tx: TenantTx,
    userId: string,
    accessGroupId: string,
    familyId = newObjectId(),
  ): Promise<Tokens> {
    const refreshToken = `rt_${randomSecret(32)}`;
    await authStore.insertRefreshToken(tx, {
      id: newObjectId(),
      userId,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + config.refreshTokenTtlSeconds * 1000),
    });
    const accessToken = await signAccessToken(config, {
      sub: userId,
      companyId: tx.companyId,
      accessGroupId,
      sid: familyId,
    });
    return { accessToken, tokenType: 'Bearer', expiresIn: config.accessTokenTtlSeconds, refreshToken };
  }

  async function login(username: string, password: string) {
    const candidates = await inAuthLookup(database, (db) => findLoginCandidates(db, username));
    const user = candidates.length === 1 ? candidates[0]! : undefined;
    const mayTry = user
      ? await inTenant(database, user.company_id, (tx) =>
          takeLoginTry(tx, user.id, config.loginMaxTries, config.loginLockSeconds),
        )
      : false;
    // A refused or unknown name costs the same verification, so timing tells nothing.
    const isValid = await verify(mayTry ? user!.password_hash : undefined, password);
    if (!user || !mayTry || !isValid) throw Unauthorized(INVALID_LOGIN);
    return inTenant(database, user.company_id, async (tx) => {
      await recordLoginSuccess(tx, user.id);
      const tokens = await issueTokens(tx, user.id, user.access_group_id ?? '');
      return { ...tokens, user: await deps.readUser(tx, user.id) };
    });
  }

  async function refresh(refreshToken: string): Promise<Tokens> {
    const row = await inAuthLookup(database, (db) => authStore.findRefreshToken(db, sha256(refreshToken)));
    if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= Date.now())
      throw Unauthorized('Invalid or expired refresh token');
    const outcome = await inTenant(database, row.company_id, async (tx) => {
      if (!(await authStore.consumeRefreshToken(tx, row.id))) {
        // A used token came back: someone holds a copy. End the whole session.
        await authStore.revokeRefreshFamily(tx, row.family_id);
        return undefined;
      }
      const user = await findUserCredentials(tx, row.user_id);
      if (!user) return undefined;
      return issueTokens(tx, user.id, user.access_group_id ?? '', row.family_id);
    });
    if (!outcome) throw Unauthorized('Invalid or expired refresh token');
    return outcome;
  }

  async function requestAuthCode(telephone: string): Promise<void> {
    const number = normalizeTelephone(telephone);
    // Counted for every number asked for, known or not, so a 429 tells nothing about the number.
    // No verification needed: the code goes to the number the user logs in with, and is proven by use.
    numberLimit.take([number]);
    const users = await inAuthLookup(database, (db) => findUsersByTelephone(db, number));
    // Nothing is said about whether the number is known; ambiguous numbers get no code.
    if (users.length !== 1) return;
    const user = users[0]!;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const language = await inTenant(database, user.company_id, async (tx) => {
      await authStore.insertAuthCode(tx, {
        id: newObjectId(),
        userId: user.id,
        codeHash: hmac(config.jwtSecret, `${user.id}:${code}`),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      return languageOfUser(tx, user.id); // the code in the user's own language
    });
    await deps.sms.send(number, textOf(language, 'smsLoginCode', { code }));
  }

  async function authUsingSms(telephone: string, code: string) {
    const users = await inAuthLookup(database, (db) => findUsersByTelephone(db, normalizeTelephone(telephone)));
    if (users.length !== 1) throw Unauthorized('Invalid or expired code');
    const user = users[0]!;
    const stored = await inTenant(database, user.company_id, (tx) =>
      authStore.takeAuthCodeTry(tx, user.id, CODE_MAX_TRIES),
    );
    const isMatch = Boolean(stored && sameHex(stored.code_hash, hmac(config.jwtSecret, `${user.id}:${code}`)));
    const result = !isMatch
      ? undefined
      : await inTenant(database, user.company_id, async (tx) => {
          if (!(await authStore.consumeAuthCode(tx, stored!.id))) return undefined;
          const tokens = await issueTokens(tx, user.id, user.access_group_id ?? '');
          return { ...tokens, user: await deps.readUser(tx, user.id) };
        });
    if (!result) throw Unauthorized('Invalid or expired code');
    return result;
  }

  async function changePassword(ctx: RequestContext, currentPassword: string, newPassword: string): Promise<void> {
    if (ctx.kind !== 'user') throw Forbidden('Only a logged-in user can change their password');
    const user = await inTenant(database, ctx.companyId, (tx) => findUserCredentials(tx, ctx.userId));
    if (!user) throw Unauthorized();
    if (!(await verify(user.password_hash, currentPassword))) {
      throw new HttpError(403, 'Forbidden', 'The current password is wrong');
    }
    checkPasswordPolicy(newPassword, [user.login ?? undefined, user.login_email ?? undefined], 'newPassword');
    if (newPassword === currentPassword) throw fieldError('newPassword', 'must differ from the current password');
    const hash = await hashPassword(newPassword);
    await inTenant(database, ctx.companyId, async (tx) => {
      // An update of the record (access.passwordChangeDate): subscribers hear of it as of any PATCH.
      await storeOwnPasswordChange(tx, ctx.userId, hash);
      await authStore.revokeUserRefreshTokens(tx, ctx.userId, ctx.sessionId);
    });
  }

  /** Ends the caller's session (its refresh-token family), or every session of the caller (`everywhere`). */
  async function logout(ctx: RequestContext, everywhere: boolean): Promise<void> {
    const sessionId = ctx.sessionId;
    if (ctx.kind !== 'user' || !sessionId)
      throw Forbidden('Only a signed-in user ends a session; an API key is revoked with DELETE /v2/apiKeys/{id}');
    await inTenant(database, ctx.companyId, (tx) =>
      everywhere ? authStore.revokeUserRefreshTokens(tx, ctx.userId) : authStore.revokeRefreshFamily(tx, sessionId),
    );
  }

  return { issueTokens, login, refresh, requestAuthCode, authUsingSms, changePassword, logout };
}

export type AuthService = ReturnType<typeof authService>;
