// What modules' one-statement reads need of the activity_types table, as an SQL fragment, so that
// only the master data names the table (the job read model embeds the job's activity type).
import { type RawBuilder, sql } from 'kysely';
import { recordJson } from './engine/resource-store.js';
import { activityTypes } from './activity-types.js';

// sql: a sub-select that the job read model joins in its statement.
/** These activity types as the API shows them: rows of id and body. The arguments are SQL expressions. */
export function activityTypesJsonSql(companyId: RawBuilder<unknown>, ids: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`SELECT t.id, ${recordJson(activityTypes, 't')}::text AS body FROM activity_types t WHERE t.company_id = ${companyId} AND t.id = ANY(${ids})`;
}
