// The onboarding checklist (GET /v2/implementation): what a new company still has to set up before
// it can plan, pay and invoice work, each step with the request that completes it. Every check is
// a fragment of the table's owner; all of them run as one statement in a read-only transaction.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { settingsSectionSql } from '../../platform/db/companies.js';
import { readInTenant, type TenantTx } from '../../platform/db/tenant.js';
import { requireLevel, type RequestContext } from '../../platform/http/request-context.js';
import { anyRecordSql } from '../../resources/engine/record-exists.js';
import { objects } from '../../resources/objects.js';
import { sellerDataCompleteSql } from '../invoicing/index.js';
import { storedSettingsSql, surcharges } from '../pay/index.js';
import { assignments } from '../scheduling/index.js';
import { paidEmployeeExistsSql } from '../users/index.js';
import { activeWebhookExistsSql } from '../webhooks/index.js';

export interface ImplementationStep {
  key: StepKey;
  title: string;
  why: string;
  done: boolean;
  optional: boolean;
  action: { method: 'POST' | 'PATCH'; path: string };
}

type StepKey = (typeof STEPS)[number]['key'];

// In the order a company would take them; an assignment needs an object.
const STEPS = [
  {
    key: 'sellerData',
    title: 'Enter your company as the seller on invoices',
    why: 'Invoices must name the seller with address, VAT id or tax number and the bank account (IBAN); without them no invoice can be issued.',
    action: { method: 'PATCH', path: '/v2/company/invoicingSettings' },
  },
  {
    key: 'object',
    title: 'Create a first customer object',
    why: 'Objects are the sites where work is done; assignments, jobs and invoices belong to one.',
    action: { method: 'POST', path: '/v2/objects/' },
  },
  {
    key: 'assignment',
    title: 'Create a first assignment',
    why: 'An assignment is the recurring work at an object; the jobs employees clock in to are planned from it.',
    action: { method: 'POST', path: '/v2/assignments/' },
  },
  {
    key: 'employees',
    title: 'Add an employee with a contract and a wage',
    why: 'Jobs are done by users other than the administrators; salaries are computed from contract.salary.',
    action: { method: 'POST', path: '/v2/users/' },
  },
  {
    key: 'holidayRegion',
    title: 'Set the holiday region',
    why: 'Public holidays differ by country and state; they decide holiday surcharges and which days are worked.',
    action: { method: 'PATCH', path: '/v2/company/timeAndPaySettings' },
  },
  {
    key: 'surcharges',
    title: 'Adopt a surcharge preset',
    why: 'Night, Sunday and holiday work is paid with surcharges; without any, salaries carry none.',
    action: { method: 'POST', path: '/v2/surcharges/presets/germanTaxFree' },
  },
  {
    key: 'webhook',
    title: 'Register a webhook (optional)',
    why: 'A webhook tells your other systems of changes as they happen, instead of them polling the API.',
    action: { method: 'POST', path: '/v2/integrations/webhooks/' },
    optional: true,
  },
] as const;

type Done = Record<StepKey, boolean>;

async function stepsDone(tx: TenantTx): Promise<Done> {
  const adminGroupId = sql`(${settingsSectionSql(tx, 'adminAccessGroupId')} #>> '{}')`;
  // sql: independent EXISTS checks of several owners' tables in one SELECT, one round trip
  const { rows } = await sql<Done>`SELECT
      ${sellerDataCompleteSql(tx)} AS "sellerData",
      ${anyRecordSql(objects, tx.companyId)} AS "object",
      ${anyRecordSql(assignments, tx.companyId)} AS "assignment",
      ${paidEmployeeExistsSql(tx.companyId, adminGroupId)} AS "employees",
      coalesce(${storedSettingsSql(tx)} ? 'holidayRegion', false) AS "holidayRegion",
      ${anyRecordSql(surcharges, tx.companyId)} AS "surcharges",
      ${activeWebhookExistsSql(tx.companyId)} AS "webhook"`.execute(tx.db);
  return rows[0]!;
}

export function implementationService(deps: { database: Database }) {
  return {
    async status(ctx: RequestContext): Promise<{ ready: boolean; steps: ImplementationStep[] }> {
      requireLevel(ctx, 'company', 'read');
      const done = await readInTenant(deps.database, ctx.companyId, stepsDone);
      const steps = STEPS.map(
        (step): ImplementationStep => ({
          key: step.key,
          title: step.title,
          why: step.why,
          done: done[step.key] === true,
          optional: 'optional' in step ? step.optional : false,
          action: { ...step.action },
        }),
      );
      return { ready: steps.every((step) => step.done || step.optional), steps };
    },
  };
}
