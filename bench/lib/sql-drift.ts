// Guards the reference against drift: the SQL text bench/bare-reference.ts copies must be exactly
// what selectJobsJson (src/modules/scheduling/jobs-read.ts) builds today for the same filters.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { selectJobsJson } from '../../src/modules/scheduling/jobs-read.js';
import { jobs } from '../../src/modules/scheduling/jobs-resource.js';
import { timeFrameConditions } from '../../src/modules/scheduling/time-frame-filter.js';
import { timeTrackingJobEmbeds } from '../../src/modules/time-tracking/job-embeds.js';
import type { TenantTx } from '../../src/platform/db/tenant.js';
import { jobsOfCompanySql, jobsOfUsersSql } from '../bare-reference.js';
import { assignments } from '../../src/modules/scheduling/assignments-resource.js';
import { salaries } from '../../src/modules/pay/salaries-resource.js';
import { timeTrackings } from '../../src/modules/time-tracking/time-trackings-resource.js';
import { activityTypes } from '../../src/resources/activity-types.js';
import { unsetFields } from '../../src/resources/engine/to-api.js';
import type { TimeFrameBody } from './time-frames.js';

/** The SQL selectJobsJson sends for a jobsInTimeFrame body (as jobs-service.ts inTimeFrame calls it). */
async function builtSql(
  databaseUrl: string,
  companyId: string,
  body: TimeFrameBody,
): Promise<{ sql: string; parameters: readonly unknown[] }> {
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const db = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
    log: (event) => {
      statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    const tx = { companyId, db } as unknown as TenantTx; // no transaction needed to capture the text
    const where = timeFrameConditions(body, { from: body.from, to: body.to }, timeTrackingJobEmbeds);
    await selectJobsJson(tx, {
      where,
      sort: [{ field: jobs.fields.get('from')!, descending: false }],
      limit: 100_000,
      offset: 0,
      embeds: timeTrackingJobEmbeds,
    });
  } finally {
    await db.destroy();
  }
  return statements[0]!;
}

/** Checks the copied SQL and returns the unset-field templates the reference needs as UNSET_TEMPLATES. */
export async function assertReferenceSql(
  databaseUrl: string,
  companyId: string,
  q1: TimeFrameBody,
  q2: TimeFrameBody,
): Promise<string> {
  // The unset fields of the five records the read model builds, in the order the statement uses them.
  const templates = [jobs, assignments, activityTypes, timeTrackings, salaries].map((r) =>
    JSON.stringify(unsetFields(r)),
  );
  for (const [label, body, copied] of [
    ['Q1', q1, jobsOfUsersSql(templates)],
    ['Q2', q2, jobsOfCompanySql(templates)],
  ] as const) {
    const { sql: built } = await builtSql(databaseUrl, companyId, body);
    if (built !== copied) {
      throw new Error(
        `bench/bare-reference.ts ${label} SQL differs from what selectJobsJson builds; copy it again:\n${built}`,
      );
    }
  }
  console.log('reference SQL: identical to what selectJobsJson builds for Q1 and Q2');
  return JSON.stringify(templates);
}
