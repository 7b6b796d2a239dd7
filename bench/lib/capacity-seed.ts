// The SaaS that bench/capacity.ts loads: one template company made through the modules' own functions
// (bench/dataset.ts: company, 30 employees, customers, objects, weekly assignments, their jobs planned
// by the generator, invoices over HTTP), then copied N-1 times in SQL, table by table (INSERT ... SELECT
// with another company id). Made one by one through the service layer, 2,000 companies take over an hour;
// copied, a minute. Ids are per company (every key starts with company_id), so a copy keeps the template's
// ids and its references stay whole. Copies run with triggers off (session_replication_role = replica):
// the template's rows were already checked and counted when made. Log-ins and token hashes, unique across
// companies, get the copy's number appended. Identity columns (notifications' seq) take new numbers. The event
// feed is not copied (a copy starts with no history); a table that does not copy is left out and named in the log.
import pg from 'pg';
import { decodeJwt } from 'jose';
import { loadConfig } from '../../src/config.js';
import { signAccessToken } from '../../src/modules/auth/access-tokens.js';
import { authService } from '../../src/modules/auth/auth-service.js';
import { jobAbsenceHooks } from '../../src/modules/absences/index.js';
import { ensureJobWindow, KEEP_AHEAD_DAYS } from '../../src/modules/scheduling/job-planning.js';
import { userAccessGroupId } from '../../src/modules/users/index.js';
import { inTenant } from '../../src/platform/db/tenant.js';
import type { PlannedWindow } from '../capacity-profile.js';
import type { Database } from '../../src/platform/db/database.js';
import { seedCompany, type CompanySpec } from '../dataset.js';
import { seededRandom } from './random.js';

export const TEMPLATE: CompanySpec = {
  name: 'Template',
  employees: 30,
  customers: 40,
  objects: 60,
  assignments: 45,
  employeeGroup: 'employee', // the crew app's rights: their own jobs and time
};
const DAY = 86_400_000;

/**
 * The days the load reads: this week and the next (from Monday, UTC) with today. The jobs are generated from a
 * week before (a frame's reads start a job's length earlier) to KEEP_AHEAD_DAYS after today, as the server
 * keeps them: a window ending sooner would be extended by the first read of each company.
 */
export function plannedWindow(now = Date.now()) {
  const today = Math.floor(now / DAY) * DAY;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  return {
    planned: { from: monday, until: monday + 14 * DAY, today },
    generated: { from: monday - 8 * DAY, until: today + (KEEP_AHEAD_DAYS + 1) * DAY },
  };
}

export interface CapacityDataset {
  planned: PlannedWindow;
  templateId: string;
  companyIds: string[];
  adminUserId: string;
  accessGroupId: string;
  sessionId: string;
  userIds: string[];
  /** The employees' group and their log-in sessions (index as userIds): the crew app asks as each employee. */
  crewGroupId: string;
  crewSessionIds: string[];
  customerIds: string[];
  objectIds: string[];
  /** The template's jobs of today per employee (index as userIds): the same ids in every copy. */
  todaysJobs: string[][];
}

/** The template company with its planned jobs; returns what the copies and the load need. */
export async function seedTemplate(database: Database, jwtSecret: string) {
  const config = loadConfig({ JWT_SECRET: jwtSecret, DATABASE_URL: 'postgres://unused' });
  const auth = authService({ config, database, sms: { send: async () => {} }, readUser: async () => undefined });
  const company = await seedCompany(database, auth, TEMPLATE, seededRandom(33), 0);
  // seedCompany left an empty window at 2026-01-01 (generation deferred): it starts where ours does instead.
  const { generated } = plannedWindow();
  await inTenant(database, company.companyId, (tx) =>
    tx.db
      .updateTable('job_horizons')
      .set({ from_at: new Date(generated.from), until_at: new Date(generated.from) })
      .where('company_id', '=', company.companyId)
      .execute(),
  );
  await ensureJobWindow(database, jobAbsenceHooks, company.companyId, generated.from, generated.until);
  const claims = decodeJwt(company.accessToken);
  // Each employee logged in once on their phone: a session of their own, copied with the company.
  const crew = await inTenant(database, company.companyId, async (tx) => {
    const sessions: Array<{ groupId: string; sessionId: string }> = [];
    for (const userId of company.userIds) {
      const groupId = await userAccessGroupId(tx, userId);
      const { accessToken } = await auth.issueTokens(tx, userId, groupId ?? '');
      sessions.push({ groupId: groupId ?? '', sessionId: String(decodeJwt(accessToken).sid) });
    }
    return sessions;
  });
  return {
    company,
    accessGroupId: String(claims.agid),
    sessionId: String(claims.sid),
    crewGroupId: crew[0]?.groupId ?? '',
    crewSessionIds: crew.map((c) => c.sessionId),
  };
}

/** Columns unique across companies (log-ins, token hashes): a copy's value gets the copy's number appended. */
const UNIQUE_ACROSS: Record<string, string> = Object.fromEntries(
  ['login', 'login_email', 'token_hash'].map((column) => [column, `t."${column}" || '.' || b.n`]),
);

/** Copies every company-keyed table of the template to `count - 1` new companies; returns all company ids. */
export async function copyTemplate(
  databaseUrl: string,
  templateId: string,
  count: number,
  log: (line: string) => void,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query('BEGIN'); // one transaction: a table that does not copy is rolled back to its savepoint
    await client.query('CREATE TABLE IF NOT EXISTS bench_copies (n int PRIMARY KEY, company_id text NOT NULL)');
    await client.query('TRUNCATE bench_copies');
    // An id of the same shape as the server's (24 hex digits), different per copy.
    await client.query(
      `INSERT INTO bench_copies SELECT n, substr(md5('capacity-' || n), 1, 24) FROM generate_series(1, $1 - 1) n`,
      [count],
    );
    const { rows: tables } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'
         AND table_name NOT LIKE 'bench_%' AND table_name NOT LIKE 'events%' ORDER BY table_name`,
    );
    for (const { table_name: table } of tables) {
      const { rows: columns } = await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
           AND is_generated = 'NEVER' AND is_identity = 'NO' ORDER BY ordinal_position`,
        [table],
      );
      const names = columns.map((c) => `"${c.column_name}"`);
      const values = columns.map((c) =>
        c.column_name === 'company_id' ? 'b.company_id' : (UNIQUE_ACROSS[c.column_name] ?? `t."${c.column_name}"`),
      );
      const started = performance.now();
      await client.query('SAVEPOINT copy');
      try {
        const { rowCount } = await client.query(
          `INSERT INTO "${table}" (${names.join(', ')}) SELECT ${values.join(', ')} FROM "${table}" t CROSS JOIN bench_copies b WHERE t.company_id = $1`,
          [templateId],
        );
        await client.query('RELEASE SAVEPOINT copy');
        if (rowCount) log(`  ${table}: ${rowCount} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        await client.query('ROLLBACK TO SAVEPOINT copy');
        log(`  ${table}: not copied (${(error as Error).message.split('\n')[0]})`);
      }
    }
    await client.query('COMMIT');
    const { rows } = await client.query<{ company_id: string }>('SELECT company_id FROM bench_copies ORDER BY n');
    return [templateId, ...rows.map((r) => r.company_id)];
  } finally {
    await client.end();
  }
}

/** An access token of the template's admin in company `companyId` (the copies share user, group and session). */
export function adminToken(jwtSecret: string, dataset: CapacityDataset, companyId: string): Promise<string> {
  const config = loadConfig({ JWT_SECRET: jwtSecret, DATABASE_URL: 'postgres://unused', ACCESS_TOKEN_TTL: '86400' });
  return signAccessToken(config, {
    sub: dataset.adminUserId,
    companyId,
    accessGroupId: dataset.accessGroupId,
    sid: dataset.sessionId,
  });
}

/** Access tokens of every employee of company `companyId` (index as userIds), for the crew app's requests. */
export function crewTokens(jwtSecret: string, dataset: CapacityDataset, companyId: string): Promise<string[]> {
  const config = loadConfig({ JWT_SECRET: jwtSecret, DATABASE_URL: 'postgres://unused', ACCESS_TOKEN_TTL: '86400' });
  return Promise.all(
    dataset.userIds.map((sub, i) =>
      signAccessToken(config, {
        sub,
        companyId,
        accessGroupId: dataset.crewGroupId,
        sid: dataset.crewSessionIds[i]!,
      }),
    ),
  );
}

/** The template's ids the load uses, read back as superuser. */
export async function describeTemplate(databaseUrl: string, templateId: string, today: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = async (table: string) =>
      (
        await client.query<{ id: string }>(`SELECT id FROM ${table} WHERE company_id = $1 ORDER BY id`, [templateId])
      ).rows.map((r) => r.id);
    const { rows: jobs } = await client.query<{ user_id: string; id: string }>(
      'SELECT user_id, id FROM jobs WHERE company_id = $1 AND from_at >= $2 AND from_at < $3 ORDER BY from_at, id',
      [templateId, new Date(today), new Date(today + DAY)],
    );
    return { customerIds: await ids('customers'), objectIds: await ids('objects'), jobs };
  } finally {
    await client.end();
  }
}
