// A deterministic scheduling dataset, created through the service layer on a migrated database:
// one main company (300 employees, 800 objects, 1,000 weekly assignments) and 9 smaller companies
// as tenant noise, with every assignment's jobs for two years. The shape (who works where and when)
// comes from a seeded PRNG; record ids are the server's own ObjectIds and differ between runs.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { authService } from '../src/modules/auth/auth-service.js';
import { createCompany } from '../src/modules/company/create-company.js';
import { jobAbsenceHooks } from '../src/modules/absences/index.js';
import { schedulingWith } from '../src/modules/scheduling/index.js';
import { ensureJobWindow } from '../src/modules/scheduling/job-planning.js';
import { users } from '../src/modules/users/users-resource.js';
import type { Database } from '../src/platform/db/database.js';
import { inTenant } from '../src/platform/db/tenant.js';
import { systemContext, type RequestContext } from '../src/platform/http/request-context.js';
import { customers } from '../src/resources/customers.js';
import type { Resource } from '../src/resources/engine/define-resource.js';
import { createRecord } from '../src/resources/engine/resource-service.js';
import { objects } from '../src/resources/objects.js';
import { customerDoc, objectDoc, userDoc } from './lib/fixtures.js';
import { seededRandom, type Random } from './lib/random.js';

// Jobs are planned here without the app: assignments are written as the app registers them.
const { assignments } = schedulingWith(jobAbsenceHooks);

export const TIME_ZONE = 'Europe/Berlin';
/** Every company's jobs cover [from, until) (UTC); the rules start on Monday 2026-01-05. */
export const WINDOW = { from: Date.UTC(2026, 0, 1), until: Date.UTC(2028, 0, 1) };
const FIRST_DAY = Date.UTC(2026, 0, 5);
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** Relative weights of 1..6 occurrences a week: most objects are served once or twice (mean 2.45). */
const PER_WEEK_WEIGHTS = [32, 27, 20, 10, 7, 4];
const BATCH = 100; // records per transaction while seeding

export interface CompanySpec {
  name: string;
  employees: number;
  customers: number;
  objects: number;
  assignments: number;
  /** The access group (by name, one of those sign-up makes) the employees are in; none when not given. */
  employeeGroup?: string;
}

export const MAIN_COMPANY: CompanySpec = {
  name: 'Main',
  employees: 300,
  customers: 200,
  objects: 800,
  assignments: 1000,
};
/** ~250,000 jobs together, in companies of different sizes. */
export const NOISE_COMPANIES: CompanySpec[] = [80, 90, 100, 105, 111, 115, 120, 130, 148].map((n, i) => ({
  name: `Noise ${i + 1}`,
  employees: Math.ceil(n / 3),
  customers: Math.ceil(n / 5),
  objects: Math.ceil(n * 0.8),
  assignments: n,
}));

export interface SeededCompany {
  spec: CompanySpec;
  companyId: string;
  adminUserId: string;
  /** The admin's access token, signed with the given JWT secret (valid for a server using it). */
  accessToken: string;
  /** The employees (without the admin), in creation order. */
  userIds: string[];
}

export interface Dataset {
  main: SeededCompany;
  noise: SeededCompany[];
  seedingSeconds: number;
  generation: { seconds: number; jobs: number; jobsPerSecond: number };
  jobCount: number;
  mainJobCount: number;
}

export interface DatasetOptions {
  jwtSecret: string;
  seed?: number;
  log?: (line: string) => void;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Local wall-clock time `minutes` after midnight of 2026-01-05, as YYYY-MM-DDTHH:mm:ss. */
function localTime(minutes: number): string {
  return new Date(FIRST_DAY + minutes * 60_000).toISOString().slice(0, 19);
}

/** 1 to 6 weekdays, a start between 05:00 and 22:00 (quarter hours), 1 to 4 hours long. */
function assignmentDoc(rng: Random, i: number, objectId: string, userId: string) {
  const days = rng.sample(WEEKDAYS, 1 + rng.weighted(PER_WEEK_WEIGHTS));
  const start = 5 * 60 + 15 * rng.int(0, 68);
  const duration = 30 * rng.int(2, 8);
  return {
    objectId,
    userIds: [userId],
    title: `Unterhaltsreinigung ${i + 1}`,
    type: 'normal',
    iCalendar: {
      tzid: TIME_ZONE,
      rrule: `FREQ=WEEKLY;BYDAY=${days.join(',')}`,
      dtstart: localTime(start),
      dtend: localTime(start + duration),
    },
  };
}

/** Creates `count` records through createRecord, BATCH per transaction; returns their ids. */
async function createMany(
  database: Database,
  ctx: RequestContext,
  resource: Resource,
  count: number,
  body: (i: number) => Record<string, unknown>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let first = 0; first < count; first += BATCH) {
    await inTenant(database, ctx.companyId, async (tx) => {
      for (let i = first; i < Math.min(first + BATCH, count); i++)
        ids.push((await createRecord(tx, ctx, resource, body(i)))._id);
    });
  }
  return ids;
}

/**
 * An empty job window [from, from): the assignments' afterWrite hook then plans nothing, and
 * ensureJobWindow later generates the whole window in one go (timed separately).
 */
async function deferGeneration(database: Database, companyId: string) {
  await inTenant(database, companyId, (tx) =>
    tx.db
      .insertInto('job_horizons')
      .values({ company_id: companyId, from_at: new Date(WINDOW.from), until_at: new Date(WINDOW.from) })
      .execute(),
  );
}

export async function seedCompany(
  database: Database,
  auth: ReturnType<typeof authService>,
  spec: CompanySpec,
  rng: Random,
  n: number,
): Promise<SeededCompany> {
  const company = await createCompany(
    { database, auth },
    {
      companyName: `Bench ${spec.name}`,
      username: `bench_admin_${n}`,
      password: randomBytes(12).toString('base64url'),
    },
  );
  const ctx = systemContext(company.companyId, company.userId);
  const accessGroupId = spec.employeeGroup
    ? await groupNamed(database, company.companyId, spec.employeeGroup)
    : undefined;
  const userIds = await createMany(database, ctx, users, spec.employees, (i) => ({
    ...userDoc(n * 1000 + i),
    ...(accessGroupId && { accessGroupId }),
  }));
  const customerIds = await createMany(database, ctx, customers, spec.customers, (i) => customerDoc(n * 1000 + i));
  const objectIds = await createMany(database, ctx, objects, spec.objects, (i) =>
    objectDoc(n * 1000 + i, rng.pick(customerIds)),
  );
  await deferGeneration(database, company.companyId);
  await createMany(database, ctx, assignments, spec.assignments, (i) =>
    assignmentDoc(rng, i, rng.pick(objectIds), rng.pick(userIds)),
  );
  return { spec, companyId: company.companyId, adminUserId: company.userId, accessToken: company.accessToken, userIds };
}

/** The id of the company's access group of this name (sign-up made it). */
async function groupNamed(database: Database, companyId: string, name: string): Promise<string> {
  const row = await inTenant(database, companyId, (tx) =>
    tx.db
      .selectFrom('access_groups')
      .select('id')
      .where(sql<string>`doc->>'name'`, '=', name) // sql: the group's name is in its document
      .executeTakeFirst(),
  );
  if (!row) throw new Error(`no access group named ${name}`);
  return row.id;
}

/** Generates every company's jobs for WINDOW, one company after the other; returns the seconds taken. */
async function generateJobs(
  database: Database,
  companies: SeededCompany[],
  log: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  for (const company of companies) {
    const companyStarted = performance.now();
    const ticker = setInterval(
      () => log(`  ... ${company.spec.name}: ${seconds(companyStarted).toFixed(0)} s`),
      10_000,
    );
    try {
      await ensureJobWindow(database, jobAbsenceHooks, company.companyId, WINDOW.from, WINDOW.until, WINDOW.from);
    } finally {
      clearInterval(ticker);
    }
    log(
      `  jobs of ${company.spec.name} (${company.spec.assignments} assignments) generated in ${seconds(companyStarted).toFixed(1)} s`,
    );
  }
  return seconds(started);
}

async function countJobs(database: Database, companyId?: string): Promise<number> {
  const filter = companyId ? sql`WHERE company_id = ${companyId}` : sql``;
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM jobs ${filter}`.execute(database.kysely);
  return Number(rows[0]!.n);
}

/**
 * Only the main company (300 employees), with its jobs from WINDOW.from to `until`: for benchmarks
 * that need a few months of work rather than two years of every company.
 */
export async function generateMainCompany(
  database: Database,
  options: DatasetOptions & { until: number },
): Promise<SeededCompany> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rng = seededRandom(options.seed ?? 20260105);
  const config = loadConfig({ JWT_SECRET: options.jwtSecret, DATABASE_URL: 'postgres://unused' });
  const auth = authService({ config, database, sms: { send: async () => {} }, readUser: async () => undefined });
  const started = performance.now();
  const company = await seedCompany(database, auth, MAIN_COMPANY, rng, 0);
  await ensureJobWindow(database, jobAbsenceHooks, company.companyId, WINDOW.from, options.until, WINDOW.from);
  log(
    `main company seeded with jobs until ${new Date(options.until).toISOString().slice(0, 10)} in ${seconds(started).toFixed(1)} s`,
  );
  return company;
}

export async function generateDataset(database: Database, options: DatasetOptions): Promise<Dataset> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rng = seededRandom(options.seed ?? 20260105);
  const config = loadConfig({ JWT_SECRET: options.jwtSecret, DATABASE_URL: 'postgres://unused' });
  const auth = authService({ config, database, sms: { send: async () => {} }, readUser: async () => undefined });
  const seedingStarted = performance.now();
  const companies: SeededCompany[] = [];
  for (const [n, spec] of [MAIN_COMPANY, ...NOISE_COMPANIES].entries()) {
    const started = performance.now();
    companies.push(await seedCompany(database, auth, spec, rng, n));
    log(
      `  company ${spec.name}: ${spec.employees} employees, ${spec.customers} customers, ${spec.objects} objects, ` +
        `${spec.assignments} assignments in ${seconds(started).toFixed(1)} s`,
    );
  }
  const seedingSeconds = seconds(seedingStarted);
  log(
    `seeded ${companies.length} companies in ${seedingSeconds.toFixed(1)} s; generating jobs ${new Date(WINDOW.from).toISOString().slice(0, 10)}..${new Date(WINDOW.until).toISOString().slice(0, 10)}`,
  );
  const generationSeconds = await generateJobs(database, companies, log);
  const jobCount = await countJobs(database);
  const [main, ...noise] = companies as [SeededCompany, ...SeededCompany[]];
  const generation = { seconds: generationSeconds, jobs: jobCount, jobsPerSecond: jobCount / generationSeconds };
  log(
    `generation (materialize): ${jobCount} jobs in ${generationSeconds.toFixed(1)} s = ${Math.round(generation.jobsPerSecond)} jobs/s`,
  );
  const mainJobCount = await countJobs(database, main.companyId);
  log(`total jobs (SELECT count(*) as superuser): ${jobCount}, of which main company ${mainJobCount}`);
  return { main, noise, seedingSeconds, generation, jobCount, mainJobCount };
}
