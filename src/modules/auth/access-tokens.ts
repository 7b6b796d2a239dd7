// Short-lived access tokens (JWT, HS256) with issuer, audience, expiry, company and user.
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../../config.js';

const AUDIENCE = 'crewbase-api';

export interface AccessClaims {
  sub: string;
  companyId: string;
  accessGroupId: string;
  /** The refresh-token family of this session. */
  sid: string;
}

export async function signAccessToken(config: Config, claims: AccessClaims): Promise<string> {
  return new SignJWT({ companyId: claims.companyId, agid: claims.accessGroupId, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(config.jwtIssuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${config.accessTokenTtlSeconds}s`)
    .sign(config.jwtSecret);
}

export async function verifyAccessToken(config: Config, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, config.jwtSecret, {
      issuer: config.jwtIssuer,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.companyId !== 'string' || typeof payload.agid !== 'string')
      return undefined;
    return {
      sub: payload.sub,
      companyId: payload.companyId,
      accessGroupId: payload.agid,
      sid: String(payload.sid ?? ''),
    };
  } catch {
    return undefined;
  }
}
