// The reference for bench/scheduling-bench.ts: a bare Fastify + pg server with no authentication,
// no row-level security and no Crewbase code. It answers POST /v2/jobs/jobsInTimeFrame for one
// company (COMPANY_ID) with the very SQL that src/modules/scheduling/jobs-read.ts selectJobsJson
// builds for the same filters (copied below as text), connected as the superuser of DATABASE_URL.
// Usage (normally started by the benchmark): DATABASE_URL=... COMPANY_ID=... PORT=... tsx bench/bare-reference.ts
import Fastify from 'fastify';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/** The SELECT selectJobsJson builds; `filter` is what timeFrameConditions adds after the window. */
const jobsJsonSql = (filter: string) => `
    SELECT coalesce(json_agg(x.body ORDER BY x.ord), '[]')::text AS body FROM (
      SELECT j.doc || crewbase_entity_json(j.company_id, j.id, j.number, j.status_code,
  j.created_at, j.created_by, j.modified_at, j.modified_by, j.chat_id) || jsonb_build_object(
    'assignment', (SELECT a.doc || crewbase_entity_json(a.company_id, a.id, a.number, a.status_code,
  a.created_at, a.created_by, a.modified_at, a.modified_by, a.chat_id) FROM assignments a WHERE a.company_id = j.company_id AND a.id = j.assignment_id),
    'activityType', (SELECT t.doc || crewbase_entity_json(t.company_id, t.id, t.number, t.status_code,
  t.created_at, t.created_by, t.modified_at, t.modified_by, t.chat_id) FROM activity_types t WHERE t.company_id = j.company_id AND t.id = j.activity_type_id),
    'started', coalesce(j.doc->'started', '[]'::jsonb),
    'absences', coalesce(j.doc->'absences', '[]'::jsonb),
    'timeTrackings', (SELECT coalesce(jsonb_agg(tt.doc || crewbase_entity_json(tt.company_id, tt.id, tt.number, tt.status_code,
  tt.created_at, tt.created_by, tt.modified_at, tt.modified_by, tt.chat_id) ORDER BY tt.time_start, tt.id), '[]'::jsonb)
      FROM time_trackings tt WHERE tt.company_id = j.company_id AND tt.job_id = j.id),
    'salaries', (SELECT coalesce(jsonb_agg(sa.doc || crewbase_entity_json(sa.company_id, sa.id, sa.number, sa.status_code,
  sa.created_at, sa.created_by, sa.modified_at, sa.modified_by, sa.chat_id) ORDER BY sa.from_at, sa.id), '[]'::jsonb)
      FROM salaries sa WHERE sa.company_id = j.company_id AND sa.job_id = j.id) ) AS body, row_number() OVER (ORDER BY from_at ASC NULLS FIRST, id) AS ord
      FROM jobs j WHERE company_id = $1 AND j.from_at < $2 AND j.to_at > $3 AND j.from_at > $4${filter}
      ORDER BY from_at ASC NULLS FIRST, id LIMIT ${filter ? '$6 OFFSET $7' : '$5 OFFSET $6'}
    ) x`;

/** Q1: one employee's jobs ({from, to, userIds: [id]}). */
export const JOBS_OF_USERS_SQL = jobsJsonSql(' AND (j.user_id = ANY($5::text[]))');
/** Q2: all the company's jobs ({from, to}). */
export const JOBS_OF_COMPANY_SQL = jobsJsonSql('');
const LIMIT = 100_000; // as jobs-service.ts inTimeFrame
const MAX_JOB_MS = 7 * 86_400_000; // as jobs-resource.ts: the lower bound of from_at

interface Body {
  from: string | number;
  to: string | number;
  userIds?: string[];
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main() {
  const companyId = requireEnv('COMPANY_ID');
  // Same pool settings as Crewbase's (no JIT), so only the code in between differs.
  const pool = new pg.Pool({
    connectionString: requireEnv('DATABASE_URL'),
    max: Number(process.env.DB_POOL_SIZE || 10),
    options: '-c jit=off',
  });
  const app = Fastify({ logger: false });

  app.get('/ready', async () => (await pool.query('SELECT 1'), { status: 'ready' }));
  app.post('/v2/jobs/jobsInTimeFrame', async (request, reply) => {
    const body = request.body as Body;
    const window = [
      companyId,
      new Date(Number(body.to)),
      new Date(Number(body.from)),
      new Date(Number(body.from) - MAX_JOB_MS),
    ];
    const { rows } = body.userIds
      ? await pool.query<{ body: string }>(JOBS_OF_USERS_SQL, [...window, body.userIds, LIMIT, 0])
      : await pool.query<{ body: string }>(JOBS_OF_COMPANY_SQL, [...window, LIMIT, 0]);
    return reply.type('application/json').send(rows[0]!.body);
  });

  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  await app.listen({ port: Number(process.env.PORT || 3001), host: process.env.HOST || '127.0.0.1' });
}

// Only when run as a script: the benchmark imports the SQL constants to check them against src.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
