// What every screen under /app is given by the shell (app.tsx): the signed-in session and its API client.
import type { CrewbaseClient } from '../../../clients/typescript/src/client.js';
import type { Session } from './api.js';

export interface ScreenProps {
  session: Session;
  client: CrewbaseClient;
}
