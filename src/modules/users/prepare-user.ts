// What a user write does besides storing the document: guard credentials and the access group
// (user-guard.ts), hash the password, keep log-in names and the telephone in indexed columns.
import type { RequestContext } from '../../platform/http/request-context.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { ApiDoc, PrepareInput, Prepared, StoredRecord } from '../../resources/engine/define-resource.js';
import { checkPasswordPolicy, hashPassword } from '../../platform/passwords.js';
import { normalizeTelephone } from '../../platform/telephone.js';
import { companyGroups } from '../../resources/access-groups.js';
import type { SessionHooks } from './session-hooks.js';
import { guardUserWrite } from './user-guard.js';
import type { UserDoc } from './user-docs.js';

/** The users' prepare hook; `sessions` ends a user's sessions when someone else sets their password. */
export const userPreparer =
  (sessions: SessionHooks) =>
  (tx: TenantTx, ctx: RequestContext, input: PrepareInput<UserDoc>): Promise<Prepared> =>
    prepareUser(tx, ctx, input, sessions);

async function prepareUser(
  tx: TenantTx,
  ctx: RequestContext,
  { doc, previous }: PrepareInput<UserDoc>,
  sessions: SessionHooks,
): Promise<Prepared> {
  await guardUserWrite(tx, ctx, doc, previous);
  const { password, ...rest } = doc;
  const phone = rest.contact?.mobile || rest.contact?.telephone;
  const columns: Record<string, unknown> = {
    login: rest.id ? String(rest.id).toLowerCase() : null,
    login_email: rest.access?.email ? String(rest.access.email).toLowerCase() : null,
    telephone: phone ? normalizeTelephone(phone) : null,
  };
  if (password !== undefined) {
    checkPasswordPolicy(password, [rest.id, rest.access?.email]);
    columns.password_hash = await hashPassword(password);
    // A password set by someone else ends the user's open sessions.
    if (previous) await sessions.endSessions(tx, previous.id);
  }
  // A named group was checked as a reference before this hook; none means the company's default.
  rest.accessGroupId ||= previous?.doc.accessGroupId ?? (await companyGroups(tx)).defaultAccessGroupId;
  columns.access_group_id = rest.accessGroupId;
  return { doc: rest, columns };
}

/** The API shape adds the log-in try count (a column, not part of the document) to `access`. */
export function userApiExtras(record: StoredRecord<UserDoc>, api: ApiDoc): ApiDoc {
  const access = api.access as Record<string, unknown> | null | undefined;
  return { ...api, access: { ...access, loginTries: Number(record.login_tries ?? 0) } };
}
