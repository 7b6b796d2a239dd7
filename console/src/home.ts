// The start page after sign-in: the planning board for a user who may change every user's jobs (a
// dispatcher), the crew view for everyone else. The rights are read from the user's access group; a user who
// may not read access groups (only administrators may) starts in the crew view and opens /app/board by name.
import type { CrewbaseClient } from '../../clients/typescript/src/client.js';
import type { Session } from './api.js';

export async function homeFor(client: CrewbaseClient, session: Session): Promise<string> {
  if (!session.accessGroupId) return '/app/crew';
  try {
    const group = await client.call('accessGroups.get', { path: { id: session.accessGroupId } });
    const rights = group.permissions as Record<string, { write?: string } | undefined>;
    return (rights.jobs ?? rights['*'])?.write === 'all' ? '/app/board' : '/app/crew';
  } catch {
    return '/app/crew';
  }
}
