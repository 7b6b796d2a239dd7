// Nobody raises their own rights through a user record: log-in credentials, the access group and
// deletion are changed by the user themselves or by someone holding every right of the user; API keys
// never set passwords; the company always keeps an administrator.
import { Conflict, Forbidden } from '../../platform/http/errors.js';
import { holdsEveryRight, isFullAccess, levelOf, type Permissions } from '../../platform/http/permissions.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { StoredRecord } from '../../resources/engine/define-resource.js';
import { valueAt } from '../../resources/engine/resource-service.js';
import { countAdministrators, groupPermissions } from '../../resources/access-groups.js';
import { groupMembers } from './group-members.js';
import type { UserDoc } from './user-docs.js';

/** What a user logs in with: login id, password, e-mail, and the telephone that receives SMS codes. */
export const CREDENTIAL_FIELDS = ['id', 'password', 'access.email', 'contact.mobile', 'contact.telephone'] as const;

/** A logged-in user acting on their own record (a key acting for its creator is not the user themselves). */
const isSelf = (ctx: RequestContext, userId: string) => ctx.kind === 'user' && ctx.userId === userId;

const LAST_ADMIN =
  "The company's last administrator cannot be deleted or lose their rights; make another user an administrator first";

function assertHoldsRights(ctx: RequestContext, rights: Permissions, what: string) {
  if (levelOf(ctx.permissions, 'users', 'write') !== 'all' || !holdsEveryRight(ctx.permissions, rights)) {
    throw Forbidden(`Only the user themselves, or someone holding every right of this user, may ${what}`);
  }
}

/** Checks a user create or update before it is stored (`doc` is the whole new document, password included). */
export async function guardUserWrite(
  tx: TenantTx,
  ctx: RequestContext,
  doc: { password?: unknown; accessGroupId?: string } & Record<string, unknown>,
  previous?: StoredRecord<UserDoc>,
): Promise<void> {
  if (doc.password !== undefined) {
    if (ctx.kind === 'apiKey') throw Forbidden('API keys never set passwords');
    if (previous && isSelf(ctx, previous.id))
      throw Forbidden('Change your own password with POST /v2/account/change-password (it needs the current one)');
  }
  const groupId = doc.accessGroupId;
  const previousGroupId = previous?.doc.accessGroupId;
  const isGroupChange = groupId !== undefined && groupId !== previousGroupId;
  if (isGroupChange) {
    if (levelOf(ctx.permissions, 'accessGroups', 'write') !== 'all')
      throw Forbidden('Assigning an access group needs write access to accessGroups');
    assertHoldsRights(ctx, await groupPermissions(tx, groupId), 'give this access group');
  }
  if (!previous) return;
  const changed = CREDENTIAL_FIELDS.filter((path) =>
    path === 'password' ? doc.password !== undefined : valueAt(doc, path) !== valueAt(previous.doc, path),
  );
  if (!isGroupChange && !changed.length) return;
  const currentRights = await groupPermissions(tx, previousGroupId);
  if (!isSelf(ctx, previous.id) || isGroupChange)
    assertHoldsRights(
      ctx,
      currentRights,
      `change ${[...changed, ...(isGroupChange ? ['accessGroupId'] : [])].join(', ')}`,
    );
  if (
    isGroupChange &&
    isFullAccess(currentRights) &&
    !isFullAccess(await groupPermissions(tx, groupId)) &&
    (await countAdministrators(tx, groupMembers, { exceptUserId: previous.id })) === 0
  )
    throw Conflict(LAST_ADMIN);
}

/** Checks a user delete inside its transaction. */
export async function guardUserDelete(tx: TenantTx, ctx: RequestContext, record: StoredRecord<UserDoc>): Promise<void> {
  const rights = await groupPermissions(tx, record.doc.accessGroupId);
  if (!isSelf(ctx, record.id)) assertHoldsRights(ctx, rights, 'delete this user');
  if (isFullAccess(rights) && (await countAdministrators(tx, groupMembers, { exceptUserId: record.id })) === 0)
    throw Conflict(LAST_ADMIN);
}

/** Ending a user's sessions ("this device was lost"): the user themselves, or someone holding every right of theirs. */
export async function guardSessionsEnd(
  tx: TenantTx,
  ctx: RequestContext,
  record: StoredRecord<UserDoc>,
): Promise<void> {
  if (isSelf(ctx, record.id)) return;
  assertHoldsRights(ctx, await groupPermissions(tx, record.doc.accessGroupId), "end this user's sessions");
}

/** Inviting a user (their access by SMS or e-mail): like a credential change, someone holding every right of theirs. */
export async function guardInvitation(tx: TenantTx, ctx: RequestContext, record: StoredRecord<UserDoc>): Promise<void> {
  assertHoldsRights(ctx, await groupPermissions(tx, record.doc.accessGroupId), 'invite this user');
}
