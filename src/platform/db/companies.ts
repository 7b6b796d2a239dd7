// The companies table: the tenant root. A company's settings are sections of one JSON document
// (timeAndPay, invoicing, payrollExport, accounting, defaultAccessGroupId, …); each module reads
// and writes its own section through these functions, so only this file names the table.
import { sql, type RawBuilder } from 'kysely';
import { PREPARED } from './postgres-transaction.js';
import type { TenantTx } from './tenant.js';
import type { Json } from './schema.generated.js';

/** Inserts the tenant's row (a new company); settings start empty. */
export async function insertCompany(tx: TenantTx, name: string): Promise<void> {
  await tx.db.insertInto('companies').values({ company_id: tx.companyId, name }).execute();
}

export async function companyName(tx: TenantTx): Promise<string | undefined> {
  const row = await tx.db
    .selectFrom('companies')
    .select('name')
    .where('company_id', '=', tx.companyId)
    .executeTakeFirst();
  return row?.name;
}

/**
 * One settings section as a SQL expression, for statements that load it with other things.
 * sql: a correlated sub-select is embedded in the caller's statement; the builder's subquery would
 * need the caller's builder.
 */
export function settingsSectionSql(tx: TenantTx, section: string): RawBuilder<unknown> {
  return sql`(SELECT settings -> ${section} FROM companies WHERE company_id = ${tx.companyId})`;
}

/** A settings section as stored (undefined when the company never set it). */
export async function loadSettingsSection<T>(tx: TenantTx, section: string): Promise<T | undefined> {
  // sql: the section is a jsonb member chosen by name (settings -> section), which the builder does not type; and
  // the text is marked to be prepared per connection: it runs on most reads of jobs (the company's time zone),
  // and PostgreSQL took longer to plan it than to run it.
  const { rows } = await sql<{ value: T | null }>`${PREPARED}SELECT settings -> ${section} AS value
    FROM companies WHERE company_id = ${tx.companyId}`.execute(tx.db);
  return (rows[0]?.value ?? undefined) as T | undefined;
}

/** Replaces one settings section (other sections unchanged); `undefined` removes it. */
export async function saveSettingsSection(tx: TenantTx, section: string, value: unknown): Promise<void> {
  // sql: jsonb operators on the settings document (remove a member, or set one by name)
  const settings =
    value === undefined
      ? sql<Json>`settings - ${section}::text`
      : sql<Json>`jsonb_set(settings, ARRAY[${section}::text], ${JSON.stringify(value)}::jsonb)`;
  await tx.db.updateTable('companies').set({ settings }).where('company_id', '=', tx.companyId).execute();
}
