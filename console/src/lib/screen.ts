// What every screen under /app is given by the shell (app.tsx): the signed-in session, its API client and the
// user's rights (a screen offers only what they allow).
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import type { Session } from './api.js';
import type { Rights } from './rights.js';

export interface ScreenProps {
  session: Session;
  client: CrewbaseClient;
  rights: Rights;
}
