// What the job read model (scheduling/jobs-read.ts) needs of the time trackings: the resource and
// two SQL fragments. Scheduling cannot import this module (it imports scheduling), so app.ts hands
// these over as `embeds`.
import { sql } from 'kysely';
import { recordJson } from '../../resources/engine/resource-store.js';
import type { JobEmbeds } from '../scheduling/index.js';
import { timeTrackings } from './time-trackings-resource.js';

// sql: sub-selects embedded in the job read model's one statement.
export const timeTrackingJobEmbeds: JobEmbeds = {
  timeTrackings,
  timeTrackingsOfJobsJsonSql: (companyId, jobIds) =>
    sql`SELECT tt.job_id, jsonb_agg(${recordJson(timeTrackings, 'tt')} ORDER BY tt.time_start, tt.id)::text AS body
      FROM time_trackings tt WHERE tt.company_id = ${companyId} AND tt.job_id = ANY(${jobIds}) GROUP BY tt.job_id`,
  isClockedInSql: (companyId, jobId) =>
    sql<boolean>`EXISTS (SELECT 1 FROM time_trackings t WHERE t.company_id = ${companyId} AND t.job_id = ${jobId}
      AND t.time_end IS NULL AND NOT t.cancelled)`,
};
