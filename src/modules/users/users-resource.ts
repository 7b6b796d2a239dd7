// Users: the spec's nested shape; credentials are write-only and live in columns, never in the document.
import { defineResource, notGiven, withHooks } from '../../resources/engine/define-resource.js';
import { userApiExtras, userPreparer } from './prepare-user.js';
import type { SessionHooks } from './session-hooks.js';
import { guardUserDelete } from './user-guard.js';
import { userReadOnly, userSchema } from './user-schema.js';

export const users = defineResource({
  name: 'user',
  collection: 'users',
  table: 'users',
  area: 'users',
  webhookEntity: 'user',
  ownerField: '_id',
  acceptsNumber: true,
  schema: userSchema,
  readOnly: userReadOnly,
  hooks: {
    prepare: userPreparer({ endSessions: () => notGiven('Ending sessions', 'usersWith()') }),
    toApi: userApiExtras,
    beforeDelete: guardUserDelete,
  },
});

/** Users as registered: a password set by someone else ends the user's sessions (the auth service's, given by the app). */
export function usersWith(sessions: SessionHooks) {
  return withHooks(users, { prepare: userPreparer(sessions) });
}
