// Whether a company has any record of a declared resource, as a SQL fragment for one-statement
// reads that ask several owners at once (the onboarding checklist). The engine names the
// resource's table through its declaration, as it does for every write.
import { type RawBuilder, sql } from 'kysely';
import type { Resource } from './define-resource.js';

/** True when the company has at least one record of `resource`. */
export function anyRecordSql(resource: Resource, companyId: string): RawBuilder<boolean> {
  // sql: an EXISTS sub-select that callers embed in their own statement
  return sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(resource.table)} WHERE company_id = ${companyId})`;
}
