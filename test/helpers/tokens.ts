// Bearer tokens that must not work, made from one that does: the same claims re-signed with the real
// key but already expired, or the claims changed under the original signature. Built from a real
// token so that expiry or the signature is the only thing wrong with them.
import { SignJWT, decodeJwt } from 'jose';
import type { Config } from '../../src/config.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (headers: Record<string, string>) => headers.authorization!.replace(/^Bearer /, '');

/** The token's claims, signed again with the server's key; `expiresAt` in seconds (past: an expired token). */
export async function resignedToken(config: Config, headers: Record<string, string>, expiresAt: number) {
  const { iat: _iat, exp: _exp, ...claims } = decodeJwt(tokenOf(headers));
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(expiresAt - 900)
    .setExpirationTime(expiresAt)
    .sign(config.jwtSecret);
  return bearer(token);
}

export const expiredToken = (config: Config, headers: Record<string, string>) =>
  resignedToken(config, headers, Math.floor(Date.now() / 1000) - 60);

/** The token with some claims changed (e.g. another companyId) and its original signature. */
export function tamperedToken(headers: Record<string, string>, changes: Record<string, unknown>) {
  const [header, payload, signature] = tokenOf(headers).split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...changes };
  return bearer(`${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`);
}
