// Ending a user's log-in sessions when someone else sets their password or ends them. Sessions
// (refresh tokens) belong to the auth module, which imports this one for its credential look-ups; so
// the app gives the users module the auth service's way of ending them when it registers it
// (usersWith, registerUserRoutes).
import type { TenantTx } from '../../platform/db/tenant.js';

export interface SessionHooks {
  /** Ends every open session of the user. */
  endSessions(tx: TenantTx, userId: string): Promise<void>;
}
