// What a user write does besides storing the document: guard credentials and the access group
// (user-guard.ts), hash the password, keep log-in names and the telephone in indexed columns.
import { fieldError } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { PrepareInput, Prepared, StoredRecord } from '../../resources/engine/define-resource.js';
import { checkPasswordPolicy, hashPassword } from '../auth/passwords.js';
import { normalizeTelephone } from '../auth/auth-service.js';
import { revokeUserRefreshTokens } from '../auth/auth-store.js';
import { guardUserWrite } from './user-guard.js';

async function defaultGroupId(tx: TenantTx): Promise<string> {
  const company = await tx.db.selectFrom('companies').select('settings').where('company_id', '=', tx.companyId).executeTakeFirstOrThrow();
  return (company.settings as { defaultAccessGroupId: string }).defaultAccessGroupId;
}

async function groupExists(tx: TenantTx, id: string): Promise<boolean> {
  return Boolean(await tx.db.selectFrom('access_groups').select('id').where('company_id', '=', tx.companyId).where('id', '=', id).executeTakeFirst());
}

export async function prepareUser(tx: TenantTx, ctx: RequestContext, { doc, previous }: PrepareInput): Promise<Prepared> {
  await guardUserWrite(tx, ctx, doc, previous);
  const { password, ...rest } = doc;
  const columns: Record<string, unknown> = {
    login: rest.id ? String(rest.id).toLowerCase() : null,
    login_email: rest.access?.email ? String(rest.access.email).toLowerCase() : null,
    telephone: rest.contact?.mobile || rest.contact?.telephone ? normalizeTelephone(rest.contact.mobile || rest.contact.telephone) : null,
  };
  if (password !== undefined) {
    checkPasswordPolicy(password, [rest.id, rest.access?.email]);
    columns.password_hash = await hashPassword(password);
    // A password set by someone else ends the user's open sessions.
    if (previous) await revokeUserRefreshTokens(tx, previous.id);
  }
  if (!rest.accessGroupId) {
    rest.accessGroupId = previous?.doc.accessGroupId ?? (await defaultGroupId(tx));
  } else if (rest.accessGroupId !== previous?.doc.accessGroupId && !(await groupExists(tx, rest.accessGroupId))) {
    throw fieldError('accessGroupId', 'no such access group');
  }
  columns.access_group_id = rest.accessGroupId;
  return { doc: rest, columns };
}

export function userApiExtras(record: StoredRecord, api: Record<string, any>): Record<string, any> {
  return { ...api, access: { ...api.access, loginTries: Number(record.login_tries ?? 0) } };
}
