// The job read model is shaped in the API process from plain columns (jobs-read.ts, jsonb-text.ts):
// its answers must be the very bytes the database built before, when the whole answer was jsonb made in
// SQL. The previous statement is kept here as the reference and run on the same data: jobs with and
// without assignment, activity type, user, clock-ins (with and without salary), time trackings, salaries,
// absences, splits, moves and teams, assignments in several time zones, and documents written by SQL with
// numbers and keys that JavaScript would print or order differently.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type RawBuilder, sql } from 'kysely';
import { inTenant, type TenantTx } from '../../src/platform/db/tenant.js';
import { salaries, salaryIdOfEntrySql } from '../../src/modules/pay/index.js';
import { assignments } from '../../src/modules/scheduling/assignments-resource.js';
import { jobs } from '../../src/modules/scheduling/jobs-resource.js';
import { jobReadStatement } from '../../src/modules/scheduling/jobs-read.js';
import { parseWindow, timeFrameConditions } from '../../src/modules/scheduling/time-frame-filter.js';
import { timeTrackingJobEmbeds as embeds, timeTrackings } from '../../src/modules/time-tracking/index.js';
import { activityTypes } from '../../src/resources/activity-types.js';
import { recordJson } from '../../src/resources/engine/resource-store.js';
import { requester } from '../helpers/http-assertions.js';
import { call, createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

let t: TestApp;
let admin: Tenant;
let annLogin: Record<string, string>;
const id: Record<string, string> = {};
const { ok } = requester(
  () => t.app,
  () => admin.headers,
);

// Last week (Monday to Monday, UTC): its clock-ins lie in the past.
const MONDAY =
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) -
  (((new Date().getUTCDay() + 6) % 7) + 7) * 86_400_000;
const WEEK = { from: String(MONDAY), to: String(MONDAY + 7 * 86_400_000) };
/** The date of last week's day n (0: Monday), and that day at a UTC time. */
const date = (n: number) => new Date(MONDAY + n * 86_400_000).toISOString().slice(0, 10);
const at = (n: number, time: string) => `${date(n)}T${time}:00Z`;

/** The read model as the database built it before (jobs-read.ts until the shaping moved out of SQL). */
function previousJobJson(includeUsers: boolean) {
  const companyId = sql.ref('j.company_id');
  const user = includeUsers
    ? sql`, 'user', (SELECT jsonb_strip_nulls(jsonb_build_object('_id', u.id, 'number', u.number, 'id', u.doc->'id', 'general', u.doc->'general', 'contact', u.doc->'contact'))
          FROM users u WHERE u.company_id = j.company_id AND u.id = j.user_id)`
    : sql``;
  return sql`${recordJson(jobs, 'j')}
    || coalesce((SELECT jsonb_build_object('assignment', ${recordJson(assignments, 'a')}) FROM assignments a WHERE a.company_id = j.company_id AND a.id = j.assignment_id), '{}'::jsonb)
    || jsonb_strip_nulls(jsonb_build_object('activityType', (SELECT ${recordJson(activityTypes, 't')} FROM activity_types t WHERE t.company_id = j.company_id AND t.id = j.activity_type_id) ${user}))
    || jsonb_build_object(
    'started', (SELECT coalesce(jsonb_agg(jsonb_strip_nulls(st.item || jsonb_build_object('salaryId', ${salaryIdOfEntrySql(companyId, sql`st.item->>'timeTrackingId'`)})) ORDER BY st.ord), '[]'::jsonb)
      FROM jsonb_array_elements(coalesce(j.doc->'started', '[]'::jsonb)) WITH ORDINALITY AS st(item, ord)),
    'absences', jsonb_strip_nulls(coalesce(j.doc->'absences', '[]'::jsonb)),
    'timeTrackings', (SELECT coalesce(jsonb_agg(${recordJson(timeTrackings, 'tt')} ORDER BY tt.time_start, tt.id), '[]'::jsonb)
      FROM time_trackings tt WHERE tt.company_id = j.company_id AND tt.job_id = j.id),
    'salaries', (SELECT coalesce(jsonb_agg(${recordJson(salaries, 'sa')} ORDER BY sa.from_at, sa.id), '[]'::jsonb)
      FROM salaries sa WHERE sa.company_id = j.company_id AND sa.job_id = j.id))`;
}

async function previousAnswer(
  where: (tx: TenantTx) => RawBuilder<boolean>[],
  options: { byFrom?: boolean; includeUsers?: boolean; sort?: [string, 'ASC NULLS FIRST' | 'DESC NULLS LAST'] } = {},
): Promise<string> {
  const [field, direction] = options.sort ?? (options.byFrom ? ['from', 'ASC NULLS FIRST'] : [undefined, undefined]);
  const order = field ? sql`${jobs.fields.get(field)!.sql} ${sql.raw(direction!)}, id` : sql`id`;
  return inTenant(t.database, admin.companyId, async (tx) => {
    const conditions = sql.join([sql`company_id = ${tx.companyId}`, ...where(tx)], sql` AND `);
    const { rows } = await sql<{ body: string }>`
      SELECT coalesce(json_agg(x.body ORDER BY x.ord), '[]')::text AS body FROM (
        SELECT ${previousJobJson(Boolean(options.includeUsers))} AS body, row_number() OVER (ORDER BY ${order}) AS ord
        FROM jobs j WHERE ${conditions} ORDER BY ${order} LIMIT 100000
      ) x`.execute(tx.db);
    return rows[0]!.body;
  });
}

async function raw(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers = admin.headers) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  assert.equal(res.statusCode, 200, res.body);
  // Sent as UTF-8 bytes, counted as bytes (titles hold characters of two and three bytes).
  assert.match(String(res.headers['content-type']), /^application\/json/);
  assert.equal(Number(res.headers['content-length']), res.rawPayload.length, url);
  assert.equal(res.rawPayload.toString('utf8'), res.body);
  return res.body;
}

/** jobsInTimeFrame's answer and the previous statement's for the same body, as text. */
async function frameAndPrevious(body: Record<string, unknown>, headers = admin.headers, ownerId?: string) {
  const answer = await raw('POST', '/v2/jobs/jobsInTimeFrame', body, headers);
  const previous = await previousAnswer(
    (tx) => [
      ...timeFrameConditions(tx.companyId, body as never, parseWindow(body as never), embeds),
      ...(ownerId ? [sql<boolean>`user_id = ${ownerId}`] : []),
    ],
    { byFrom: true, includeUsers: Boolean(body.includeUsersInResponse) },
  );
  return { answer, previous };
}

const newJob = async (body: Record<string, unknown>) => (await ok('POST', '/v2/jobs/', body, 201))._id as string;
const setDoc = (jobId: string, change: string) =>
  inTenant(t.database, admin.companyId, (tx) =>
    sql`UPDATE jobs SET doc = ${sql.raw(change)} WHERE company_id = ${tx.companyId} AND id = ${jobId}`.execute(tx.db),
  );

before(async () => {
  t = await createTestApp();
  admin = await signup(t.app, 'Shape');
  const groups = (await ok('GET', '/v2/accessGroups/')) as Array<{ _id: string; name: string }>;
  const employeeGroup = groups.find((g) => g.name === 'employee')!._id;
  id.ann = (
    await ok(
      'POST',
      '/v2/users/',
      {
        id: 'ann-shape',
        password: 'ann-password-1',
        accessGroupId: employeeGroup,
        general: { firstName: 'Ann', lastName: 'Über' },
        contact: { email: 'ann@example.com' },
        contract: { salary: 15, salaryType: 'hourly' },
      },
      201,
    )
  )._id;
  id.ben = (await ok('POST', '/v2/users/', { general: { firstName: 'Ben' } }, 201))._id;
  id.cleo = (await ok('POST', '/v2/users/', { general: { firstName: 'Cleo' } }, 201))._id;
  const login = await call(t.app, 'POST', '/v2/auth/login', {}, { username: 'ann-shape', password: 'ann-password-1' });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  annLogin = { authorization: `Bearer ${login.body.accessToken}` };
  id.cleaning = (await ok('POST', '/v2/activityTypes/', { name: 'Cleaning' }, 201))._id;
  id.tower = (await ok('POST', '/v2/objects/', { name: 'Tower', tags: ['vip'] }, 201))._id;
  id.depot = (await ok('POST', '/v2/objects/', { name: 'Depot' }, 201))._id;

  // Weekly in Berlin with an activity type, daily in New York for two users (one job each), and in Tokyo.
  await ok(
    'POST',
    '/v2/assignments/',
    {
      objectId: id.tower,
      title: 'Berlin',
      userIds: [id.ann],
      activityTypeId: id.cleaning,
      iCalendar: {
        tzid: 'Europe/Berlin',
        rrule: 'FREQ=WEEKLY;BYDAY=MO,WE',
        dtstart: `${date(-7)}T07:30:00`,
        dtend: `${date(-7)}T09:15:00`,
      },
    },
    201,
  );
  await ok(
    'POST',
    '/v2/assignments/',
    {
      objectId: id.tower,
      title: 'New York',
      userIds: [id.ben, id.cleo],
      iCalendar: {
        tzid: 'America/New_York',
        rrule: 'FREQ=DAILY',
        dtstart: `${date(-6)}T22:00:00`,
        dtend: `${date(-6)}T23:30:00`,
      },
    },
    201,
  );
  await ok(
    'POST',
    '/v2/assignments/',
    {
      objectId: id.depot,
      title: 'Tokyo',
      iCalendar: {
        tzid: 'Asia/Tokyo',
        rrule: 'FREQ=WEEKLY;BYDAY=TU',
        dtstart: `${date(-6)}T06:00:00`,
        dtend: `${date(-6)}T07:00:00`,
      },
    },
    201,
  );
  await raw('POST', '/v2/jobs/jobsInTimeFrame', WEEK); // generates the assignments' jobs

  // One-off jobs: bare, full, split, moved, a team, and one clocked in, approved and paid.
  id.bare = await newJob({ from: at(1, '10:00'), to: at(1, '11:00') });
  id.full = await newJob({
    from: at(2, '06:00'),
    to: at(2, '14:00'),
    userId: id.ann,
    objectId: id.tower,
    activityTypeId: id.cleaning,
    title: 'Fenster – „groß“ \\ "quoted"\n',
    tags: ['a', 'ü'],
    jobComment: 'tab\there',
  });
  id.split = await newJob({ from: at(3, '08:00'), to: at(3, '12:00'), userId: id.ben });
  await ok('POST', `/v2/jobs/${id.split}/split`, { at: at(3, '09:30') });
  id.moved = await newJob({ from: at(4, '08:00'), to: at(4, '09:00'), userId: id.cleo });
  await ok('POST', `/v2/jobs/${id.moved}/move`, { from: at(4, '13:00') });
  id.team = await newJob({ from: at(5, '08:00'), to: at(5, '09:00'), objectId: id.tower });
  await ok('POST', `/v2/jobs/${id.team}/assign`, { userIds: [id.ben, id.cleo] });
  id.clocked = await newJob({ from: at(1, '06:00'), to: at(1, '08:00'), userId: id.ann });
  const started = await ok('POST', `/v2/jobs/${id.clocked}/start`, { time: at(1, '06:00') }, 200, annLogin);
  await ok('POST', `/v2/jobs/${id.clocked}/stop`, { time: at(1, '08:00') }, 200, annLogin);
  await ok('POST', `/v2/timeTracking/${started._id}/approve`);
  id.running = await newJob({ from: at(2, '15:00'), to: at(2, '16:00'), userId: id.ann });
  await ok('POST', `/v2/jobs/${id.running}/start`, { time: at(2, '15:00') }, 200, annLogin);
  // Ben is absent on Wednesday: his jobs that day are marked.
  const absence = await ok(
    'POST',
    '/v2/absences/',
    { userId: id.ben, type: 3, dtStart: at(2, '08:00'), dtEnd: at(2, '08:00') },
    201,
  );
  await ok('POST', `/v2/absences/${absence._id}/approve`);

  // Documents as SQL may write them: numbers with scale or beyond a double, integer-like and non-ASCII
  // keys, nulls at depth and in arrays, control characters; a null title; a bare document.
  id.sqlNumbers = await newJob({ from: at(6, '08:00'), to: at(6, '09:00'), userId: id.ann });
  await setDoc(
    id.sqlNumbers,
    `doc || '{"targetTime": 60.0, "x": {"b": 1.50, "a": 12345678901234567890, "t": 1e-7, "n": null, "l": [null, 1, {"z": null}]},
      "10": 1, "9": 2, "__proto__": {"p": null, "q": 1}, "é": "\\u0001ü\\u007f", "zz": 1e21, "m": -0.0, "s": [0.1, 100e-2], "big": 123456789.12345678}'::jsonb`,
  );
  id.jsNumbers = await newJob({ from: at(6, '10:00'), to: at(6, '11:00') });
  await setDoc(id.jsNumbers, `doc || '{"tiny": 0.000000123, "neg": -2.5e-8, "huge": 1e300, "f": 0.1, "i": -3}'::jsonb`);
  // (A null absences list is no document the API writes: the answer's schema says array, and the check refuses it.)
  id.nullTitle = await newJob({ from: at(6, '12:00'), to: at(6, '13:00') });
  await setDoc(id.nullTitle, `doc || '{"started": [], "title": null}'::jsonb`);
});
after(() => t.close());

describe('the job read shaped in the API process answers the bytes the database built', () => {
  test('a week of the company, with and without users', async () => {
    for (const includeUsersInResponse of [false, true]) {
      const { answer, previous } = await frameAndPrevious({ ...WEEK, includeUsersInResponse });
      assert.equal(answer, previous);
      const week = JSON.parse(answer) as Json[];
      assert.ok(week.length > 20, `${week.length} jobs`);
      // The cases are all there.
      const byId = new Map(week.map((j) => [j._id, j]));
      assert.ok(week.some((j) => j.assignment && j.activityType));
      assert.ok(week.some((j) => j.assignment?.iCalendar?.tzid === 'America/New_York'));
      assert.ok(week.some((j) => j.assignment?.iCalendar?.tzid === 'Asia/Tokyo' && !j.userId));
      assert.ok(week.some((j) => j.absences.length > 0 && j.absenceId));
      assert.ok(week.filter((j) => j.splitId).length === 2);
      assert.ok(byId.get(id.moved).originalFrom);
      assert.ok(byId.get(id.team).teamId);
      assert.match(byId.get(id.clocked).started[0].salaryId, /^[0-9a-f]{24}$/);
      assert.equal(byId.get(id.clocked).salaries.length, 1);
      assert.equal(byId.get(id.clocked).timeTrackings.length, 1);
      assert.equal(byId.get(id.running).started[0].salaryId, undefined);
      assert.equal(byId.get(id.nullTitle).title, undefined);
      assert.deepEqual(byId.get(id.nullTitle).started, []);
      assert.equal(byId.get(id.bare).assignment, undefined);
      assert.equal(
        includeUsersInResponse,
        week.some((j) => j.user),
      );
      assert.ok(answer.includes('"b": 1.50') && answer.includes('12345678901234567890'));
      assert.ok(answer.includes('"zz": 1000000000000000000000') && answer.includes('"tiny": 0.000000123'));
    }
  });

  test("one employee's week, as the admin asks it and as the employee reads her own", async () => {
    const body = { ...WEEK, userIds: [id.ann], includeUsersInResponse: true };
    const asked = await frameAndPrevious(body);
    assert.equal(asked.answer, asked.previous);
    const own = await frameAndPrevious({ ...WEEK }, annLogin, id.ann);
    assert.equal(own.answer, own.previous);
    assert.equal(own.answer, (await frameAndPrevious({ ...WEEK, userIds: [id.ann] })).answer);
  });

  test('an assignment changed since an earlier read is written anew, whichever of its columns changed', async () => {
    const first = await frameAndPrevious({ ...WEEK });
    assert.equal(first.answer, first.previous);
    const assignmentId = (JSON.parse(first.answer) as Json[]).find((j) => j.assignment)!.assignment._id as string;
    // Changed under the API (its writes also move modified_at): each column alone must reach the answer.
    for (const change of [
      `doc = doc || '{"title": "Changed in place"}'::jsonb`,
      'number = number + 1000',
      "chat_id = 'chat-of-the-test'",
      "modified_by = 'someone-else'",
    ]) {
      await inTenant(t.database, admin.companyId, (tx) =>
        sql`UPDATE assignments SET ${sql.raw(change)} WHERE company_id = ${tx.companyId} AND id = ${assignmentId}`.execute(
          tx.db,
        ),
      );
      const again = await frameAndPrevious({ ...WEEK });
      assert.equal(again.answer, again.previous, change);
    }
    const shown = (JSON.parse((await frameAndPrevious({ ...WEEK })).answer) as Json[]).find(
      (j) => j.assignment?._id === assignmentId,
    )!.assignment;
    assert.equal(shown.title, 'Changed in place');
    assert.equal(shown.chatId, 'chat-of-the-test');
    assert.equal(shown.status.lastModifiedBy, 'someone-else');
  });

  test('the job list and each job read alone', async () => {
    const list = await raw('GET', '/v2/jobs/?limit=1000');
    assert.equal(list, await previousAnswer(() => []));
    // Sorted by a promoted column, by a field of the document, and by number, a page at an offset.
    for (const [param, field, direction] of [
      ['from:-1', 'from', 'DESC NULLS LAST'],
      ['title:1', 'title', 'ASC NULLS FIRST'],
      ['number:-1', 'number', 'DESC NULLS LAST'],
    ] as const) {
      const sorted = await raw('GET', `/v2/jobs/?limit=1000&sort=${param}`);
      assert.equal(sorted, await previousAnswer(() => [], { sort: [field, direction] }), param);
      const page = JSON.parse(await raw('GET', `/v2/jobs/?limit=3&offset=2&sort=${param}`)) as Json[];
      assert.deepEqual(page, (JSON.parse(sorted) as Json[]).slice(2, 5), param);
    }
    for (const job of JSON.parse(list) as Array<{ _id: string }>) {
      const previous = await previousAnswer(() => [sql<boolean>`id = ${job._id}`]);
      assert.equal(await raw('GET', `/v2/jobs/${job._id}`), previous.slice(1, -1));
    }
  });
});

describe("the job read's plan (the generic plan the server runs)", () => {
  /** The plan's nodes outside the page of jobs (whose salary look-up per clock-in is meant to run per job). */
  function nodesBesideThePage(node: Json): Json[] {
    if (node['Subplan Name'] === 'CTE page') return [];
    return [node, ...((node.Plans ?? []) as Json[]).flatMap(nodesBesideThePage)];
  }

  /** The plan of jobsInTimeFrame's statement for `body`, prepared and explained on its generic plan as the server runs it. */
  async function explainJobRead(body: Record<string, unknown>, companyId = admin.companyId): Promise<Json> {
    return inTenant(t.database, companyId, async (tx) => {
      const includeUsers = Boolean(body.includeUsersInResponse);
      const statement = jobReadStatement(tx, {
        where: timeFrameConditions(tx.companyId, body as never, parseWindow(body as never), embeds),
        sort: [{ field: jobs.fields.get('from')!, descending: false }],
        limit: 100_000,
        offset: 0,
        includeUsers,
        embeds,
      }).compile(tx.db);
      await sql`SELECT set_config('plan_cache_mode', 'force_generic_plan', true)`.execute(tx.db);
      await sql.raw(`PREPARE job_read_plan AS ${statement.sql}`).execute(tx.db);
      // As literals: EXPLAIN EXECUTE takes no parameters of its own.
      const literal = (value: unknown) => {
        const text =
          value instanceof Date ? value.toISOString() : Array.isArray(value) ? `{${value.join(',')}}` : String(value);
        return `'${text.replaceAll("'", "''")}'`;
      };
      const { rows } = await sql<{ 'QUERY PLAN': Json }>`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE job_read_plan(${sql.raw(
        statement.parameters.map(literal).join(', '),
      )})`.execute(tx.db);
      await sql`DEALLOCATE job_read_plan`.execute(tx.db);
      const explained = rows[0]!['QUERY PLAN'];
      return (typeof explained === 'string' ? JSON.parse(explained) : explained)[0].Plan as Json;
    });
  }
  const allNodes = (node: Json): Json[] => [node, ...((node.Plans ?? []) as Json[]).flatMap(allNodes)];

  test("the page's embedded records are read once, not once per job", async () => {
    const plan = await explainJobRead({ ...WEEK, includeUsersInResponse: true });
    assert.ok(plan['Actual Rows'] > 20, `${plan['Actual Rows']} jobs`);
    const nodes = nodesBesideThePage(plan);
    const embedded = nodes.filter((n) =>
      ['salaries', 'time_trackings', 'activity_types', 'users'].includes(n['Relation Name']),
    );
    assert.deepEqual([...new Set(embedded.map((n) => n['Relation Name']))].sort(), [
      'activity_types',
      'salaries',
      'time_trackings',
      'users',
    ]);
    for (const node of embedded)
      assert.equal(node['Actual Loops'], 1, `${node['Relation Name']}: ${node['Node Type']}`);
  });

  test("a frame's jobs are read by their index from half a day before it, the longer ones by an index of their own", async () => {
    // A company of 3,000 one-hour jobs over eight months (written directly, analysed): the plan a busy company gets.
    // The start's lower bound is an index condition, so a day is not read from a week before it, and the look-up
    // of the jobs longer than half a day is proved to fit jobs_long_from_idx's predicate.
    const busy = await signup(t.app, 'Busy');
    await sql`INSERT INTO jobs (company_id, id, number, from_at, to_at, user_id)
      SELECT ${busy.companyId}, lpad(to_hex(g), 24, '0'), g, ${new Date(MONDAY)}::timestamptz + g * interval '2 hours',
        ${new Date(MONDAY)}::timestamptz + g * interval '2 hours' + interval '1 hour', ${busy.userId}
      FROM generate_series(1, 3000) g`.execute(t.database.kysely);
    await sql`ANALYZE jobs`.execute(t.database.kysely);
    const day = { from: String(MONDAY + 86_400_000), to: String(MONDAY + 2 * 86_400_000) };
    for (const body of [day, { ...day, userIds: [busy.userId] }]) {
      const plan = await explainJobRead(body, busy.companyId);
      const nodes = allNodes(plan);
      const page = nodes.find((n) => n['Relation Name'] === 'jobs' && n.Alias === 'j')!;
      assert.match(String(page['Index Cond']), /from_at >= LEAST\(/, JSON.stringify(page));
      // 12 jobs a day, read with the 7 that start from 12 hours before it (at most 19), not with the week before it.
      assert.equal(plan['Actual Rows'], 12);
      assert.ok(page['Actual Rows'] + (page['Rows Removed by Filter'] ?? 0) <= 19, JSON.stringify(page));
      const longer = nodes.find((n) => n['Relation Name'] === 'jobs' && n.Alias === 'l');
      assert.equal(longer?.['Index Name'], 'jobs_long_from_idx', JSON.stringify(longer));
    }
  });

  test("one employee's jobs are asked for with an equality, several employees' with = ANY", () => {
    const where = (userIds: string[]) =>
      timeFrameConditions(admin.companyId, { ...WEEK, userIds } as never, parseWindow({ ...WEEK } as never), embeds)
        .map((condition) => condition.compile(t.database.kysely).sql)
        .join(' AND ');
    assert.match(where(['6b0fce03fa54b2ced0142c52']), /\(j\.user_id = \$\d+\)/);
    assert.match(
      where(['6b0fce03fa54b2ced0142c52', '6b0fce03fa54b2ced0142c53']),
      /j\.user_id = ANY\(\$\d+::text\[\]\)/,
    );
  });
});
