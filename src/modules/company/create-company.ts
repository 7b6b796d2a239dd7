// A new company with its default access groups and first admin, in one transaction.
// Used by the public signup route and by the command line.
import type { Database } from '../../platform/db/database.js';
import { inTenant } from '../../platform/db/tenant.js';
import { systemContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import { accessGroups, DEFAULT_ACCESS_GROUPS } from '../../resources/access-groups.js';
import { createRecord } from '../../resources/engine/resource-service.js';
import type { AuthService, Tokens } from '../auth/index.js';
import { users } from '../users/index.js';

export interface NewCompany {
  companyName: string;
  username: string;
  password: string;
  email?: string;
}

export interface CreatedCompany extends Tokens {
  companyId: string;
  userId: string;
}

export async function createCompany(
  deps: { database: Database; auth: AuthService },
  input: NewCompany,
): Promise<CreatedCompany> {
  const companyId = newObjectId();
  const system = systemContext(companyId);
  return inTenant(deps.database, companyId, async (tx) => {
    await tx.db.insertInto('companies').values({ company_id: companyId, name: input.companyName }).execute();
    const groupIds: Record<string, string> = {};
    for (const group of DEFAULT_ACCESS_GROUPS) {
      const { key, ...doc } = group;
      groupIds[key] = (await createRecord(tx, system, accessGroups, doc))._id;
    }
    await tx.db
      .updateTable('companies')
      .set({
        settings: JSON.stringify({ defaultAccessGroupId: groupIds.employee, adminAccessGroupId: groupIds.admin }),
      })
      .where('company_id', '=', companyId)
      .execute();
    const admin = await createRecord(tx, system, users, {
      id: input.username,
      password: input.password,
      access: { dashboardAccess: true, ...(input.email ? { email: input.email } : {}) },
      accessGroupId: groupIds.admin,
    });
    const tokens = await deps.auth.issueTokens(tx, admin._id, groupIds.admin!);
    return { companyId, userId: admin._id, ...tokens };
  });
}
