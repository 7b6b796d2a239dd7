// The web console's refresh token in an httpOnly cookie, so a reload keeps the session without any script
// being able to read the token. Opt-in per request by the header below: API clients that send the token in
// the JSON body never see a cookie, and the cookie is read only when the header comes along. The header is
// also the CSRF defence beside SameSite=Strict: another site's form or image cannot set a custom header, and
// a script of another origin cannot send one without a CORS preflight, which this server never allows.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_MODE_HEADER = 'x-crewbase-session';
export const REFRESH_COOKIE = 'crewbase_refresh';
/** Only the routes that take or end a session receive the cookie. */
export const REFRESH_COOKIE_PATH = '/v2/auth';

/** Whether the caller asked to keep the refresh token in the cookie (`X-Crewbase-Session: cookie`). */
export function wantsCookie(request: FastifyRequest): boolean {
  return request.headers[SESSION_MODE_HEADER] === 'cookie';
}

/** The refresh token of the cookie, only when the caller asked for cookie mode (see above). */
export function refreshTokenFromCookie(request: FastifyRequest): string | undefined {
  if (!wantsCookie(request)) return undefined;
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFRESH_COOKIE) {
      const token = value.join('=');
      return /^rt_[A-Za-z0-9_-]{1,100}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** Plain http is allowed only on this machine (development, tests); anywhere else the cookie is Secure. */
function isLocalPlainHttp(request: FastifyRequest): boolean {
  return request.protocol === 'http' && ['localhost', '127.0.0.1', '[::1]', '::1'].includes(request.hostname);
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${REFRESH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isLocalPlainHttp(request) ? [] : ['Secure']),
  ].join('; ');
}

/** Sets the cookie to a new refresh token (its lifetime is the token's). */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlSeconds: number) {
  reply.header('set-cookie', cookie(request, token, ttlSeconds));
}

/** Tells the browser to drop the cookie (sign-out, or a refresh that failed). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.header('set-cookie', cookie(request, '', 0));
}
