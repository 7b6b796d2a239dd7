// A new company with its default access groups and first admin, in one transaction.
// Used by the public signup route and by the command line.
import { insertCompany, saveSettingsSection } from '../../platform/db/companies.js';
import type { Config } from '../../config.js';
import type { Database } from '../../platform/db/database.js';
import { Forbidden } from '../../platform/http/errors.js';
import { inTenant, type TenantTx } from '../../platform/db/tenant.js';
import { systemContext } from '../../platform/http/request-context.js';
import { newObjectId } from '../../platform/ids.js';
import { accessGroups, DEFAULT_ACCESS_GROUPS } from '../../resources/access-groups.js';
import { createRecord } from '../../resources/engine/resource-service.js';
import type { AuthService, Tokens } from '../auth/index.js';
import { checkChallenge, checkInvitation, claimProof, type Proof } from './signup-proofs.js';
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
  /** Runs first in the company's transaction (sign-up: records its proof as used). */
  before?: (tx: TenantTx) => Promise<void>,
): Promise<CreatedCompany> {
  const companyId = newObjectId();
  const system = systemContext(companyId);
  return inTenant(deps.database, companyId, async (tx) => {
    await insertCompany(tx, input.companyName);
    await before?.(tx);
    const groupIds: Record<string, string> = {};
    for (const group of DEFAULT_ACCESS_GROUPS) {
      const { key, ...doc } = group;
      groupIds[key] = (await createRecord(tx, system, accessGroups, doc))._id;
    }
    await saveSettingsSection(tx, 'defaultAccessGroupId', groupIds.employee);
    await saveSettingsSection(tx, 'adminAccessGroupId', groupIds.admin);
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

export interface SignUp extends NewCompany {
  /** `open` mode: a solved challenge. */
  proof?: Proof;
  /** `invite` mode: the operator's invitation code. */
  invitation?: string;
}

/**
 * The public sign-up, as SIGNUP says: `closed` 403; `invite` with an operator's invitation code;
 * `open` with a solved challenge (unless SIGNUP_PROOF_BITS is 0). The command line creates companies anyway.
 */
export async function signUpCompany(
  deps: { config: Config; database: Database; auth: AuthService },
  { proof, invitation, ...input }: SignUp,
): Promise<CreatedCompany> {
  const { config } = deps;
  if (config.signup === 'closed') throw Forbidden('Sign-up is closed on this server');
  const proofId =
    config.signup === 'invite'
      ? checkInvitation(config, invitation)
      : config.signupProofBits > 0
        ? checkChallenge(config, proof)
        : undefined;
  return createCompany(deps, input, proofId ? (tx) => claimProof(tx, proofId) : undefined);
}
