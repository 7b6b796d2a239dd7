// GET /v2/search: words, prefixes, numbers and near misses of every type, ranked exact > prefix >
// words > similar; permission-filtered (a type the caller may not read is not searched, an
// employee finds only their own jobs, tasks, documents and user); bounds of q, limit and types;
// and another company's records are never found.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { findJob, recordClockIn } from '../../src/modules/scheduling/index.js';
import { newObjectId } from '../../src/platform/ids.js';
import { inTenant, readInTenant } from '../../src/platform/db/tenant.js';
import { parseQuery } from '../../src/modules/search/rules/query.js';
import { searchStatement } from '../../src/modules/search/search-sql.js';
import { setUpSeller, BUYER } from '../helpers/invoicing-fixtures.js';
import { createUser, groupIdsOf, type LoggedIn } from '../helpers/principals.js';
import { uploadDocument } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let company: Tenant;
let other: Tenant;
let employee: LoggedIn;
const ids: Record<string, string> = {};
const numbers: Record<string, number> = {};

interface Result {
  type: string;
  id: string;
  number: number;
  title: string;
  subtitle: string | null;
  path: string;
  match: string;
}

async function search(query: string, headers = company.headers) {
  const res = await call(t.app, 'GET', `/v2/search?${query}`, headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { types: string[]; results: Result[] };
}

const found = async (query: string, headers = company.headers) =>
  (await search(query, headers)).results.map((r) => `${r.type}:${r.title}`);

async function create(
  path: string,
  body: unknown,
  headers = company.headers,
): Promise<{ _id: string; number: number }> {
  const res = await call(t.app, 'POST', path, headers, body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const read = await call(t.app, 'GET', `${path}${res.body._id}`, headers);
  return { _id: res.body._id, number: read.body.number };
}

before(async () => {
  t = await createTestApp();
  company = await signup(t.app, 'Search');
  other = await signup(t.app, 'Elsewhere');
  const groups = await groupIdsOf(t.app, company.headers);
  employee = await createUser(t.app, company.headers, groups.employee, {
    general: { firstName: 'Erika', lastName: 'Mustermann' },
  });
  await createUser(t.app, company.headers, groups.employee, { general: { firstName: 'Anna', lastName: 'Schulz' } });
  const customer = await create('/v2/customers/', {
    ...BUYER,
    name: 'Müller Gebäudeservice GmbH',
    address: { street: 'Hauptstraße 5', zip: '10115', city: 'Berlin' },
  });
  ids.customer = customer._id;
  numbers.customer = customer.number;
  await create('/v2/customers/', { ...BUYER, name: 'Müllerhaus' });
  await create('/v2/customers/', { ...BUYER, name: 'Schmidt & Partner', address: { city: 'Köln' } });
  ids.object = (await create('/v2/objects/', { name: 'Rathaus Charlottenburg', customerId: ids.customer }))._id;
  ids.otherObject = (await create('/v2/objects/', { name: 'Hallenbad Nord', customerId: ids.customer }))._id;
  const from = new Date(Date.now() + 3 * 86_400_000);
  const job = (title: string | undefined, objectId: string, userId?: string) =>
    create('/v2/jobs/', {
      ...(title ? { title } : {}),
      objectId,
      ...(userId ? { userId } : {}),
      from: from.toISOString(),
      to: new Date(from.getTime() + 7_200_000).toISOString(),
    });
  ids.ownJob = (await job('Fensterreinigung Rathaus', ids.object, employee.userId))._id;
  ids.job = (await job('Fensterreinigung Turnhalle', ids.otherObject))._id;
  ids.untitledJob = (await job(undefined, ids.otherObject))._id;
  // Generated jobs: not in the jobs' search index, found through their assignment's title.
  const day = from.toISOString().slice(0, 10);
  await create('/v2/assignments/', {
    objectId: ids.object,
    title: 'Treppenhauspflege Ost',
    iCalendar: {
      tzid: 'Europe/Berlin',
      rrule: 'FREQ=DAILY;COUNT=3',
      dtstart: `${day}T06:00:00`,
      dtend: `${day}T07:00:00`,
    },
  });
  ids.ownTask = (
    await create('/v2/tasks/', { title: 'Schlüssel abholen', assignee: { entityId: employee.userId } })
  )._id;
  ids.task = (await create('/v2/tasks/', { title: 'Schlüsseldienst anrufen' }))._id;
  await setUpSeller(t.app, company.headers);
  const invoice = await create('/v2/invoices/', {
    customerId: ids.customer,
    title: 'Unterhaltsreinigung März',
    positions: [{ title: 'Reinigung', quantity: 1, price: 100, tax: 0.19 }],
  });
  ids.invoice = invoice._id;
  assert.equal((await call(t.app, 'POST', `/v2/invoices/${ids.invoice}/issue`, company.headers)).status, 200);
  ids.document = await uploadDocument({ app: t.app, headers: company.headers }, ids.object);
  // Another company's record of the same name is never found.
  await create('/v2/customers/', { ...BUYER, name: 'Müller Gebäudeservice GmbH' }, other.headers);
});
after(() => t?.close());

describe('GET /v2/search: what is found', () => {
  test('words in any order, case and umlauts ignored; the exact title first, then prefixes', async () => {
    const results = (await search('q=MULLER')).results;
    assert.deepEqual(
      results.filter((r) => r.type === 'customer').map((r) => [r.title, r.match]),
      [
        ['Müllerhaus', 'prefix'], // "muller" is the start of both; the shorter is the closer match
        ['Müller Gebäudeservice GmbH', 'prefix'],
      ].sort((a, b) => results.findIndex((r) => r.title === a[0]) - results.findIndex((r) => r.title === b[0])),
    );
    const exact = (await search('q=m%C3%BCllerhaus')).results[0]!;
    assert.deepEqual([exact.title, exact.match], ['Müllerhaus', 'exact']);
    const words = (await search('q=gmbh%20m%C3%BCller')).results[0]!;
    assert.deepEqual(
      [words.title, words.match, words.path],
      ['Müller Gebäudeservice GmbH', 'words', `/v2/customers/${ids.customer}`],
    );
    assert.equal(words.subtitle, '10115 Berlin');
  });

  test('one typo in a name is a near miss', async () => {
    const results = (await search('q=Schmitt')).results;
    assert.deepEqual(
      results.map((r) => [r.type, r.title, r.match]),
      [['customer', 'Schmidt & Partner', 'similar']],
    );
    assert.ok((await found('q=Rathuas')).includes('object:Rathaus Charlottenburg')); // two letters swapped
    assert.ok((await found('q=Charlotenburg')).includes('object:Rathaus Charlottenburg')); // one missing
  });

  test('record numbers exactly and by their first digits; invoice numbers too', async () => {
    const exact = (await search(`q=${numbers.customer}&types=customer`)).results;
    assert.equal(exact[0]!.id, ids.customer);
    assert.equal(exact[0]!.match, 'exact');
    const invoice = (await call(t.app, 'GET', `/v2/invoices/${ids.invoice}`, company.headers)).body;
    const byDocumentNumber = (await search(`q=${encodeURIComponent(invoice.documentNumber)}`)).results[0]!;
    assert.deepEqual([byDocumentNumber.id, byDocumentNumber.match], [ids.invoice, 'exact']);
    const prefix = invoice.documentNumber.slice(0, -1);
    const byPrefix = (await search(`q=${encodeURIComponent(prefix)}&types=invoice`)).results;
    assert.deepEqual(
      byPrefix.map((r) => [r.id, r.match]),
      [[ids.invoice, 'prefix']],
    );
    // The first digits of a number: 1 is the start of 1, 10..19, 100..199, …
    const manyOnes = (await search('q=1&types=task')).results;
    assert.ok(
      manyOnes.every((r) => String(r.number).startsWith('1')),
      JSON.stringify(manyOnes),
    );
    assert.ok(manyOnes.length >= 1);
  });

  test('generated jobs by their assignment title (also with a typo), each with its object and day', async () => {
    for (const q of ['treppenhauspflege', 'trepenhauspflege']) {
      const results = (await search(`q=${q}&types=job`)).results;
      assert.equal(results.length, 3, q);
      assert.ok(results.every((r) => r.title === 'Treppenhauspflege Ost'));
      assert.ok(results.every((r) => r.subtitle?.startsWith('Rathaus Charlottenburg, ')));
    }
  });

  test('every type: users by name, jobs by title and by object, tasks, invoices and documents', async () => {
    assert.deepEqual(await found('q=mustermann'), ['user:Erika Mustermann']);
    const jobs = (await search('q=fensterreinigung&types=job')).results;
    assert.deepEqual(jobs.map((r) => r.id).sort(), [ids.ownJob, ids.job].sort());
    // Through the object: the untitled job at Hallenbad Nord, and the titled one there.
    const atObject = (await search('q=hallenbad&types=job')).results;
    assert.deepEqual(atObject.map((r) => r.id).sort(), [ids.job, ids.untitledJob].sort());
    assert.ok(atObject.every((r) => r.subtitle?.startsWith('Hallenbad Nord, ')));
    assert.deepEqual(
      (await search('q=schl%C3%BCssel&types=task')).results.map((r) => r.id).sort(),
      [ids.ownTask, ids.task].sort(),
    );
    const invoice = (await search('q=unterhaltsreinigung')).results;
    assert.deepEqual(
      invoice.map((r) => [r.type, r.id]),
      [['invoice', ids.invoice]],
    );
    assert.match(invoice[0]!.subtitle ?? '', /Müller Gebäudeservice GmbH/);
    const document = (await search('q=note&types=document')).results;
    assert.deepEqual(
      document.map((r) => [r.id, r.path]),
      [[ids.document, `/v2/documents/${ids.document}`]],
    );
  });

  test("another company's records are never found", async () => {
    const theirs = (await search('q=M%C3%BCller%20Geb%C3%A4udeservice', other.headers)).results;
    assert.equal(theirs.length, 1);
    assert.notEqual(theirs[0]!.id, ids.customer);
  });
});

describe('GET /v2/search: speed', () => {
  test('the search indexes answer under row-level security (their functions are LEAKPROOF)', async () => {
    // Under RLS only LEAKPROOF conditions reach an index (migration 0013); otherwise every search
    // would compute the searched text of each of the company's rows.
    const { rows } = await sql<{ proname: string; proleakproof: boolean }>`
      SELECT proname, proleakproof FROM pg_proc
      WHERE proname LIKE 'crewbase\_search\_%' AND proname <> 'crewbase_search_fold' OR proname = 'word_similarity_op'
      ORDER BY proname`.execute(t.database.kysely);
    assert.deepEqual(
      rows.map((row) => [row.proname, row.proleakproof]),
      ['customer', 'document', 'invoice', 'object', 'titled', 'user']
        .map((name) => [`crewbase_search_${name}`, true])
        .concat([['word_similarity_op', true]]),
    );
    const statement = searchStatement(
      [{ type: 'customer', readable: sql<boolean>`true` }],
      {},
      parseQuery('müller')!,
      20,
    );
    const plan = await readInTenant(t.database, company.companyId, async (tx) => {
      const result = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${statement}`.execute(tx.db);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    assert.match(plan, /Bitmap Index Scan on customers_search_idx/, plan);
  });

  test("jobs through their assignments: the company's upcoming jobs are read once, not once per assignment", async () => {
    // Six assignments of one title, each with 2 of the company's 240 upcoming jobs (written directly, analysed):
    // a read per assignment went through all the upcoming jobs for each of the five listed.
    const busy = await signup(t.app, 'Assignment jobs');
    const customer = await call(t.app, 'POST', '/v2/customers/', busy.headers, { ...BUYER, name: 'Kunde' });
    const object = await call(t.app, 'POST', '/v2/objects/', busy.headers, {
      name: 'Rathaus',
      customerId: customer.body._id,
    });
    const assignmentIds: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await call(t.app, 'POST', '/v2/assignments/', busy.headers, {
        objectId: object.body._id,
        title: `Glasreinigung ${i}`,
        iCalendar: {
          tzid: 'UTC',
          rrule: 'FREQ=DAILY;COUNT=1',
          dtstart: '2020-01-06T06:00:00',
          dtend: '2020-01-06T07:00:00',
        },
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assignmentIds.push(res.body._id);
    }
    await sql`INSERT INTO jobs (company_id, id, number, from_at, to_at, assignment_id)
      SELECT ${busy.companyId}, lpad(to_hex(g), 24, '0'), 1000 + g, date_trunc('day', now()) + g * interval '1 hour',
        date_trunc('day', now()) + g * interval '1 hour' + interval '30 minutes',
        CASE WHEN g % 20 = 0 THEN (${assignmentIds}::text[])[1 + (g / 20) % 6] END
      FROM generate_series(1, 240) g`.execute(t.database.kysely);
    await sql`ANALYZE jobs`.execute(t.database.kysely);
    const explain = (query: string) =>
      readInTenant(t.database, busy.companyId, async (tx) => {
        const statement = searchStatement(
          [{ type: 'job', readable: sql<boolean>`true` }],
          { assignment: sql<boolean>`true` },
          parseQuery(query)!,
          20,
        );
        const result = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`.execute(tx.db);
        const plan = result.rows[0]!['QUERY PLAN'];
        return (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>;
      });
    const explained = await explain('glasreinigung');
    interface PlanNode {
      'Relation Name'?: string;
      'Actual Rows': number;
      'Actual Loops': number;
      'Rows Removed by Filter'?: number;
      Plans?: PlanNode[];
    }
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const jobScans = nodes(explained[0]!.Plan).filter((n) => n['Relation Name'] === 'jobs');
    // Each scan of the jobs runs once (the job search's own, the assignments' upcoming jobs), not once per assignment.
    assert.ok(jobScans.length > 0);
    for (const scan of jobScans) assert.equal(scan['Actual Loops'], 1, JSON.stringify(scan));
    const found = (await call(t.app, 'GET', '/v2/search?q=glasreinigung&types=job&limit=50', busy.headers)).body;
    assert.equal(found.results.length, 10, JSON.stringify(found));
    assert.ok(found.results.every((r: Result) => /^Glasreinigung [1-6]$/.test(r.title)));
    // A search that matches no assignment (most do not) does not scan the upcoming jobs for them.
    const forAssignments = nodes((await explain('fensterputz'))[0]!.Plan).filter(
      (n) => n['Relation Name'] === 'jobs' && /assignment_id = ANY/.test(JSON.stringify({ ...n, Plans: [] })),
    );
    assert.equal(forAssignments.length, 1);
    const [scan] = forAssignments;
    assert.equal(scan!['Actual Loops'], 0, `ran, and read ${scan!['Rows Removed by Filter']} jobs for no assignment`);
  });

  test('PostgreSQL: the statement is planned once per connection (a generic plan), not for every search', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip('PGlite plans long statements for their values');
    if (process.env.TEST_DATABASE_POOLED_URL) return ctx.skip('behind the pooler nothing is named');
    // One after the other, so on the pool's most recently used connection, which the look-up then gets too.
    // (The EXPLAIN of the test above is a prepared statement too, planned without the search's settings.)
    for (let i = 0; i < 3; i++) await search('q=haupt');
    const plans = await readInTenant(t.database, company.companyId, async (tx) => {
      const { rows } = await sql<{ generic: number; custom: number }>`
        SELECT coalesce(sum(generic_plans), 0)::int AS generic, coalesce(sum(custom_plans), 0)::int AS custom
        FROM pg_prepared_statements WHERE statement LIKE '%word_similarity(%' AND statement NOT LIKE 'EXPLAIN%'`.execute(
        tx.db,
      );
      return rows[0]!;
    });
    assert.ok(plans.generic >= 3, JSON.stringify(plans));
    assert.equal(plans.custom, 0, JSON.stringify(plans));
  });
});

describe('GET /v2/search: permissions', () => {
  test('an employee: no customers or invoices, only their own jobs, tasks and user', async () => {
    const body = await search('q=fensterreinigung', employee.headers);
    assert.deepEqual(body.types, ['object', 'user', 'job', 'task', 'document']);
    assert.deepEqual(
      body.results.map((r) => r.id),
      [ids.ownJob],
    );
    assert.deepEqual(
      (await search('q=schl%C3%BCssel', employee.headers)).results.map((r) => r.id),
      [ids.ownTask],
    );
    assert.deepEqual(
      (await search('q=m%C3%BCller', employee.headers)).results.filter((r) => r.type === 'customer'),
      [],
    );
    assert.deepEqual((await search('q=hallenbad&types=job', employee.headers)).results, []);
    assert.deepEqual(
      (await search('q=rathaus', employee.headers)).results.map((r) => [r.type, r.id]),
      [
        ['object', ids.object],
        ['job', ids.ownJob],
      ],
    );
    assert.deepEqual(await found('q=mustermann', employee.headers), ['user:Erika Mustermann']);
    assert.deepEqual(await found('q=schulz&types=user'), ['user:Anna Schulz']);
    assert.deepEqual((await search('q=schulz&types=user', employee.headers)).results, []);
  });

  test('403 when the caller may read none of the types asked for', async () => {
    const res = await call(t.app, 'GET', '/v2/search?q=m%C3%BCller&types=customer,invoice', employee.headers);
    assert.equal(res.status, 403);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
  });
});

describe('GET /v2/search: bounds', () => {
  const status = async (query: string) => (await call(t.app, 'GET', `/v2/search?${query}`, company.headers)).status;

  test('q 1..100 characters with a letter or digit; limit 1..50; known types only', async () => {
    assert.equal(await status(''), 400);
    assert.equal(await status('q='), 400);
    assert.equal(await status(`q=${'a'.repeat(101)}`), 400);
    assert.equal(await status(`q=${'a'.repeat(100)}`), 200);
    assert.equal(await status('q=%2B%2B%2B'), 400);
    assert.equal(await status('q=a&limit=0'), 400);
    assert.equal(await status('q=a&limit=51'), 400);
    assert.equal(await status('q=a&types=customer,planet'), 400);
    assert.equal(await status('q=a&types=customer&types=job'), 200);
    assert.equal(await status('q=a&sort=title'), 400);
  });

  test('limit cuts the ranked list', async () => {
    const all = (await search('q=r')).results;
    assert.ok(all.length > 2);
    const two = (await search('q=r&limit=2')).results;
    assert.deepEqual(two, all.slice(0, 2));
  });

  test('LIKE wildcards in q are taken literally', async () => {
    // m%ller and m_ller would match Müller as patterns; as text they name nothing.
    assert.deepEqual((await search('q=m%25ller&types=customer')).results, []);
    assert.deepEqual((await search('q=m_ller&types=customer')).results, []);
  });
});

describe("GET /v2/search: a job's searched text (migration 0024)", () => {
  test('a title a person changes is found by its new words, no longer by its old ones', async () => {
    const from = new Date(Date.now() + 4 * 86_400_000);
    const job = await create('/v2/jobs/', {
      title: 'Dachrinnenreinigung Nord',
      objectId: ids.otherObject,
      from: from.toISOString(),
      to: new Date(from.getTime() + 3_600_000).toISOString(),
    });
    assert.ok((await found('q=Dachrinnenreinigung&types=job')).includes('job:Dachrinnenreinigung Nord'));
    const patched = await call(t.app, 'PATCH', `/v2/jobs/${job._id}`, company.headers, {
      title: 'Kellerentrümpelung Nord',
    });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    assert.deepEqual(await found('q=Kellerentrümpelung&types=job'), ['job:Kellerentrümpelung Nord']);
    assert.ok(!(await found('q=Dachrinnenreinigung&types=job')).some((r) => r.includes('Nord')));
  });

  test("a generated job's clock-in is a HOT update: no index written, as no indexed column changed", async () => {
    await inTenant(t.database, company.companyId, async (tx) => {
      const {
        rows: [generated],
      } = await sql<{ id: string; searched: string | null }>`
        SELECT id, searched FROM jobs WHERE company_id = ${company.companyId} AND occurrence_key IS NOT NULL
        ORDER BY from_at LIMIT 1`.execute(tx.db);
      assert.ok(generated, 'the assignment planned jobs');
      assert.equal(generated.searched, null, 'generated jobs are found through their assignment, not indexed');
      // This transaction's own counts of the table's updates, all of them and those that were HOT.
      const counts = async () =>
        (
          await sql<{ updated: number; hot: number }>`
            SELECT pg_stat_get_xact_tuples_updated('jobs'::regclass)::int AS updated,
              pg_stat_get_xact_tuples_hot_updated('jobs'::regclass)::int AS hot`.execute(tx.db)
        ).rows[0]!;
      const before = await counts();
      const job = (await findJob(tx, generated.id, { forUpdate: true }))!;
      await recordClockIn(tx, company.userId, job, {
        trackingJobDate: job.doc.from as string,
        userId: company.userId,
        time: new Date().toISOString(),
        isLive: true,
        wasAddedManually: false,
        timeTrackingId: newObjectId(),
      });
      const after = await counts();
      assert.deepEqual(
        { updated: after.updated - before.updated, hot: after.hot - before.hot },
        { updated: 1, hot: 1 },
      );
    });
  });
});
