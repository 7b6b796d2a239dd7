// What other modules' one-statement reads need of the webhooks table, as SQL fragments, so that
// only the webhooks module names the table.
import { type RawBuilder, sql } from 'kysely';

/** Whether the company has a webhook that is not disabled (one that events are delivered to). */
export function activeWebhookExistsSql(companyId: string): RawBuilder<boolean> {
  // sql: an EXISTS sub-select that callers embed in their own statement
  return sql<boolean>`EXISTS (SELECT 1 FROM webhooks WHERE company_id = ${companyId} AND disabled_at IS NULL)`;
}
