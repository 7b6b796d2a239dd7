// Ending a user's log-in sessions when someone else sets their password. Sessions (refresh tokens)
// belong to the auth module, which imports this one for its credential look-ups; so the users
// module reaches them only through this hook, which the auth service installs when it is built
// (app.ts, and the command line). Not installed is a programming error, never a silent skip.
import type { TenantTx } from '../../platform/db/tenant.js';

export interface SessionHooks {
  /** Ends every open session of the user. */
  endSessions(tx: TenantTx, userId: string): Promise<void>;
}

let installed: SessionHooks | undefined;

export function installSessionHooks(hooks: SessionHooks): void {
  installed = hooks;
}

export function sessionHooks(): SessionHooks {
  if (!installed) throw new Error('session hooks not installed: build the auth service (authService()) first');
  return installed;
}
