// The reference for bench/scheduling-bench.ts: a bare Fastify + pg server with no authentication,
// no row-level security and no Crewbase code. It answers POST /v2/jobs/jobsInTimeFrame for one
// company (COMPANY_ID) with the plainest SQL that gives the very bytes Crewbase answers (the benchmark
// checks that byte for byte), connected as the superuser of DATABASE_URL. Its statements are prepared
// once per connection as Crewbase's are (named, then only bound and executed), or sent unprepared when
// the request says `x-bare-prepare: 0`: the benchmark measures both and compares Crewbase with the better.
// Usage (normally started by the benchmark): DATABASE_URL=... COMPANY_ID=... UNSET_TEMPLATES=... PORT=... tsx bench/bare-reference.ts
import Fastify from 'fastify';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/** crewbase_entity_json(...) of a table alias, as the engine's recordJson writes it. */
const entity = (a: string) =>
  `crewbase_entity_json(${['company_id', 'id', 'number', 'status_code', 'created_at', 'created_by', 'modified_at', 'modified_by', 'chat_id'].map((c) => `"${a}"."${c}"`).join(', ')})`;
/** A record's API JSON: its unset fields (a JSON object of nulls, as a literal), its document and common fields. */
const record = (template: string, a: string) =>
  `('${template.replaceAll("'", "''")}'::jsonb || "${a}"."doc" || ${entity(a)})`;

/**
 * The jobs of a window as one JSON array text. `filter` narrows the window (Q1: one employee). `t` are the
 * unset-field templates of jobs, assignments, activity types, time trackings and salaries (UNSET_TEMPLATES,
 * which the benchmark takes from Crewbase's resources). The least SQL for the answer: the sorted, limited
 * rows aggregated in their order (no window numbering), each record one document merge, and one
 * jsonb_strip_nulls over the whole job, since an unset field is absent, never null (it recurses into the
 * embedded records and clock-ins, and drops an assignment or activity type that is not there).
 */
const jobsJsonSql = (t: string[], filter: string) => `
    SELECT coalesce(json_agg(x.body), '[]')::text AS body FROM (
      SELECT jsonb_strip_nulls(${record(t[0]!, 'j')} || jsonb_build_object(
    'assignment', (SELECT ${record(t[1]!, 'a')} FROM assignments a WHERE a.company_id = j.company_id AND a.id = j.assignment_id),
    'activityType', (SELECT ${record(t[2]!, 't')} FROM activity_types t WHERE t.company_id = j.company_id AND t.id = j.activity_type_id),
    'started', (SELECT coalesce(jsonb_agg(st.item || jsonb_build_object('salaryId', (SELECT sa.id FROM salaries sa WHERE sa.company_id = j.company_id AND sa.time_tracking_id = st.item->>'timeTrackingId')) ORDER BY st.ord), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(j.doc->'started', '[]'::jsonb)) WITH ORDINALITY AS st(item, ord)),
    'absences', coalesce(j.doc->'absences', '[]'::jsonb),
    'timeTrackings', (SELECT coalesce(jsonb_agg(${record(t[3]!, 'tt')} ORDER BY tt.time_start, tt.id), '[]'::jsonb)
      FROM time_trackings tt WHERE tt.company_id = j.company_id AND tt.job_id = j.id),
    'salaries', (SELECT coalesce(jsonb_agg(${record(t[4]!, 'sa')} ORDER BY sa.from_at, sa.id), '[]'::jsonb)
      FROM salaries sa WHERE sa.company_id = j.company_id AND sa.job_id = j.id))) AS body
      FROM jobs j WHERE company_id = $1 AND j.from_at < $2 AND j.to_at > $3 AND j.from_at > $4${filter}
      ORDER BY from_at ASC NULLS FIRST, id LIMIT ${filter ? '$6 OFFSET $7' : '$5 OFFSET $6'}
    ) x`;

/** Q1: one employee's jobs ({from, to, userIds: [id]}). */
export const jobsOfUsersSql = (templates: string[]) => jobsJsonSql(templates, ' AND j.user_id = ANY($5::text[])');
/** Q2: all the company's jobs ({from, to}). */
export const jobsOfCompanySql = (templates: string[]) => jobsJsonSql(templates, '');
const LIMIT = 100_000; // as jobs-service.ts inTimeFrame
const MAX_JOB_MS = 7 * 86_400_000; // as jobs-resource.ts: the lower bound of from_at

interface Body {
  from: string | number;
  to: string | number;
  userIds?: string[];
}

/** The statement (Q1 or Q2) and its parameters for a request body, as the handler runs it (pgbench too). */
export function statementsOf(templates: string[], companyId: string) {
  const ofUsers = jobsOfUsersSql(templates); // the texts are written once
  const ofCompany = jobsOfCompanySql(templates);
  return (body: Body): { name: string; text: string; values: unknown[] } => {
    const window = [
      companyId,
      new Date(Number(body.to)),
      new Date(Number(body.from)),
      new Date(Number(body.from) - MAX_JOB_MS),
    ];
    return body.userIds
      ? { name: 'bare_q1', text: ofUsers, values: [...window, body.userIds, LIMIT, 0] }
      : { name: 'bare_q2', text: ofCompany, values: [...window, LIMIT, 0] };
  };
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main() {
  const companyId = requireEnv('COMPANY_ID');
  const statementFor = statementsOf(JSON.parse(requireEnv('UNSET_TEMPLATES')) as string[], companyId);
  // Same pool settings as Crewbase's (no JIT), so only the code in between differs.
  const pool = new pg.Pool({
    connectionString: requireEnv('DATABASE_URL'),
    max: Number(process.env.DB_POOL_SIZE || 10),
    options: '-c jit=off',
  });
  const app = Fastify({ logger: false });

  app.get('/ready', async () => {
    await pool.query('SELECT 1');
    return { status: 'ready' };
  });
  app.post('/v2/jobs/jobsInTimeFrame', async (request, reply) => {
    const { name, text, values } = statementFor(request.body as Body);
    // Named: node-postgres prepares it once per connection, then only binds and executes (as Crewbase does).
    const prepared = request.headers['x-bare-prepare'] !== '0';
    const { rows } = await pool.query<{ body: string }>(prepared ? { name, text, values } : { text, values });
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

// Only when run as a script: the benchmark imports the SQL (pgbench runs it too).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
