// Who belongs to an access group, for the master data's checks (an administrator remains, a group in
// use is not deleted): the app gives it to registerMasterData; the users module's own guards use it too.
import type { TenantTx } from '../../platform/db/tenant.js';
import type { GroupMembers } from '../../resources/access-groups.js';

export async function countGroupMembers(tx: TenantTx, groupIds: string[], exceptUserId?: string): Promise<number> {
  if (!groupIds.length) return 0;
  let query = tx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', tx.companyId)
    .where('access_group_id', 'in', groupIds);
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export const groupMembers: GroupMembers = { countMembers: countGroupMembers };
