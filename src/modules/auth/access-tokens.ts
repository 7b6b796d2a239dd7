// Short-lived access tokens (JWT, HS256) with issuer, audience, expiry, company and user.
// Signed and checked with node:crypto (RFC 7515/7519, the one algorithm this server issues): through
// WebCrypto (the jose package) checking a token cost 80-225 µs of CPU, and with a user's next request
// minutes away at peak hour most requests check theirs anew. test/unit/access-tokens.test.ts checks both
// directions against jose.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';

const AUDIENCE = 'crewbase-api';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** A token longer than this is not one of ours (ours are about 350 characters). */
const MAX_TOKEN_LENGTH = 4096;

export interface AccessClaims {
  sub: string;
  companyId: string;
  accessGroupId: string;
  /** The refresh-token family of this session. */
  sid: string;
}

const hmac = (secret: Uint8Array, signingInput: string) => createHmac('sha256', secret).update(signingInput).digest();

export async function signAccessToken(config: Config, claims: AccessClaims): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const payload = {
    companyId: claims.companyId,
    agid: claims.accessGroupId,
    sid: claims.sid,
    sub: claims.sub,
    iss: config.jwtIssuer,
    aud: AUDIENCE,
    iat,
    exp: iat + config.accessTokenTtlSeconds,
  };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${hmac(config.jwtSecret, signingInput).toString('base64url')}`;
}

// Tokens verified before, by their text, per configuration: a client sends the same token with each request
// of its life (ACCESS_TOKEN_TTL). The same text under the same secret always verifies the same way; only the
// expiry changes, and it is checked at every use. A sign-out is not decided here but by the session check after it.
const VERIFIED_MAX = 20_000;
const verified = new WeakMap<Config, Map<string, { claims: AccessClaims; exp: number }>>();

/** A token is expired from its `exp` second on (as jose and RFC 7519 §4.1.4 have it). */
const expired = (exp: number) => Math.floor(Date.now() / 1000) >= exp;

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function jsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The claims of a token this configuration signed and that is in force now, else undefined. */
function check(config: Config, token: string): { claims: AccessClaims; exp: number } | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined;
  const [head, body, signature] = parts as [string, string, string];
  // The signature first: nothing of a token is believed before it is known to be ours.
  const expected = hmac(config.jwtSecret, `${head}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const header = jsonObject(head);
  // Only HS256; a header naming extensions that must be understood (`crit`) is refused (RFC 7515 §4.1.11).
  if (header?.alg !== 'HS256' || 'crit' in header) return undefined;
  const payload = jsonObject(body);
  if (payload?.iss !== config.jwtIssuer) return undefined;
  const aud = payload.aud;
  if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return undefined;
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || expired(payload.exp)) return undefined;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return undefined;
  if (typeof payload.sub !== 'string' || typeof payload.companyId !== 'string' || typeof payload.agid !== 'string')
    return undefined;
  return {
    claims: {
      sub: payload.sub,
      companyId: payload.companyId,
      accessGroupId: payload.agid,
      sid: String(payload.sid ?? ''),
    },
    exp: payload.exp,
  };
}

export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | undefined> {
  let cache = verified.get(config);
  if (!cache) {
    cache = new Map();
    verified.set(config, cache);
  }
  const known = cache.get(token);
  if (known) {
    if (!expired(known.exp)) return known.claims;
    cache.delete(token);
    return undefined;
  }
  const checked = check(config, token);
  if (!checked) return undefined;
  if (cache.size >= VERIFIED_MAX)
    for (const oldest of cache.keys()) {
      cache.delete(oldest);
      break;
    }
  cache.set(token, checked);
  return checked.claims;
}
