// The console's only way to the server: the project's generated TypeScript client on same-origin fetch
// (the public API, nothing else). The access token lives in this module's memory only, never in web storage;
// the refresh token lives in an httpOnly cookie no script can read (`X-Crewbase-Session: cookie`, scoped to
// /v2/auth), so a reload or a restart of the installed app resumes the session without the password
// (docs/console.md). An expired access token is renewed once through the cookie.
import { CrewbaseClient, ProblemError } from '../../../clients/typescript/src/client.js';
import type { TokenPair } from '../../../clients/typescript/src/api-types.js';

export { ProblemError };

/** The network is down (fetch itself failed): what the crew view queues clock actions on. */
export class OfflineError extends Error {
  constructor() {
    super('offline');
    this.name = 'OfflineError';
  }
}

export interface Session {
  userId: string;
  name: string;
  /** Decides the start page (home.ts). */
  accessGroupId?: string;
  accessToken: string;
}

/** Asks the auth routes to keep the refresh token in the httpOnly cookie (and to read it from there). */
const COOKIE_MODE = { 'x-crewbase-session': 'cookie' };

async function send(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw new OfflineError();
  }
}

const anonymous = new CrewbaseClient({ baseUrl: location.origin, fetch: send, headers: COOKIE_MODE });

function sessionOf(tokens: Pick<TokenPair, 'accessToken' | 'user'>): Session {
  const user = tokens.user as
    | { _id: string; id?: string | null; accessGroupId?: string | null; general?: { firstName?: string | null } }
    | undefined;
  if (!tokens.accessToken || !user) throw new Error('incomplete sign-in answer');
  return {
    userId: user._id,
    name: user.general?.firstName || user.id || '',
    ...(user.accessGroupId ? { accessGroupId: user.accessGroupId } : {}),
    accessToken: tokens.accessToken,
  };
}

/** A new access token through the cookie (which the answer rotates); undefined when the session is over. */
async function renewedAccessToken(): Promise<string | undefined> {
  const response = await send('/v2/auth/refresh', { method: 'POST', headers: COOKIE_MODE });
  // A server that is down (a proxy's 502/503) has not ended the session: treated as no network, not a sign-out.
  if (response.status >= 500) throw new OfflineError();
  if (!response.ok) return undefined;
  const tokens = (await response.json()) as TokenPair;
  return tokens.accessToken || undefined;
}

/** The session of the cookie, when there is one: on load, so a reload needs no password. */
export async function resumeSession(): Promise<Session | undefined> {
  const accessToken = await renewedAccessToken();
  if (!accessToken) return undefined;
  const client = new CrewbaseClient({ baseUrl: location.origin, fetch: send, token: accessToken });
  const { userId } = await client.call('auth.getPermissions');
  if (!userId) return undefined;
  const user = await client.call('users.get', { path: { id: userId } });
  return sessionOf({ accessToken, user });
}

/** Ends the session on the server (its refresh token and access tokens) and clears the cookie. */
export async function signOut(session: Session): Promise<void> {
  await send('/v2/auth/logout', {
    method: 'POST',
    headers: { ...COOKIE_MODE, authorization: `Bearer ${session.accessToken}` },
  }).catch(() => {}); // offline: the cookie stays until the next refresh; the page forgets the session anyway
}

export async function signIn(username: string, password: string): Promise<Session> {
  return sessionOf(await anonymous.call('auth.login', { body: { username, password, type: 'app' } }));
}

/**
 * A client acting as `session`. On a 401 it renews the access token through the cookie once and repeats the
 * request; when that fails too, `onExpired` is told (the app shows the sign-in again).
 */
export function clientFor(session: Session, onExpired: () => void): CrewbaseClient {
  let renewing: Promise<boolean> | undefined;
  const renew = () =>
    (renewing ??= renewedAccessToken()
      .then((accessToken) => {
        if (accessToken) session.accessToken = accessToken;
        return Boolean(accessToken);
      })
      .finally(() => {
        renewing = undefined;
      }));

  const authorised = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${session.accessToken}`);
    const response = await send(input, { ...init, headers });
    if (response.status !== 401) return response;
    if (!(await renew())) {
      onExpired();
      return response;
    }
    headers.set('authorization', `Bearer ${session.accessToken}`);
    return send(input, { ...init, headers });
  };
  return new CrewbaseClient({ baseUrl: location.origin, fetch: authorised });
}

/** What to tell the user about a failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof ProblemError) return error.detail ?? error.title;
  return error instanceof Error ? error.message : String(error);
}
