// What modules' one-statement reads need of the activity_types table, as an SQL fragment, so that
// only the master data names the table (the job read model embeds the job's activity type).
import { type RawBuilder, sql } from 'kysely';
import { recordJson } from './engine/resource-store.js';
import { activityTypes } from './activity-types.js';

// sql: a sub-select that the job read model embeds in its jsonb statement.
/** The activity type as the API shows it, or null. The arguments are SQL expressions of the caller's row. */
export function activityTypeJsonSql(
  companyId: RawBuilder<unknown>,
  activityTypeId: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`(SELECT ${recordJson(activityTypes, 't')} FROM activity_types t WHERE t.company_id = ${companyId} AND t.id = ${activityTypeId})`;
}
