// The console's only way to the server: the project's generated TypeScript client on same-origin fetch
// (the public API, nothing else). Tokens live in this module's memory only, never in web storage: a reload
// asks to sign in again (docs/console.md). An expired access token is renewed once with the refresh token.
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
  refreshToken: string;
}

async function send(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw new OfflineError();
  }
}

const anonymous = new CrewbaseClient({ baseUrl: location.origin, fetch: send });

function sessionOf(tokens: TokenPair): Session {
  const user = tokens.user as
    | { _id: string; id?: string | null; accessGroupId?: string | null; general?: { firstName?: string | null } }
    | undefined;
  if (!tokens.accessToken || !tokens.refreshToken || !user) throw new Error('incomplete sign-in answer');
  return {
    userId: user._id,
    name: user.general?.firstName || user.id || '',
    ...(user.accessGroupId ? { accessGroupId: user.accessGroupId } : {}),
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
}

export async function signIn(username: string, password: string): Promise<Session> {
  return sessionOf(await anonymous.call('auth.login', { body: { username, password, type: 'app' } }));
}

/**
 * A client acting as `session`. On a 401 it trades the refresh token for new tokens once and repeats the
 * request; when that fails too, `onExpired` is told (the app shows the sign-in again).
 */
export function clientFor(session: Session, onExpired: () => void): CrewbaseClient {
  let renewing: Promise<boolean> | undefined;
  const renew = () =>
    (renewing ??= anonymous
      .call('auth.refresh', { body: { refreshToken: session.refreshToken } })
      .then((tokens) => {
        const next = sessionOf({ user: { _id: session.userId } as TokenPair['user'], ...tokens });
        session.accessToken = next.accessToken;
        session.refreshToken = next.refreshToken;
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof OfflineError) throw error;
        return false;
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
