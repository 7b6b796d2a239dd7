// List conventions of every collection, through /v2/customers (and /v2/paymentTerms for its own
// parameter names): limit/offset, X-Total-Count, sort, paging, field filters, ranges, dynamic filter.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledQuery, sql } from 'kysely';
import { readInTenant } from '../../src/platform/db/tenant.js';
import { customers } from '../../src/resources/customers.js';
import { listPageQuery } from '../../src/resources/engine/resource-store.js';
import { createTestApp, signup, call, type TestApp, type Tenant } from '../helpers/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let a: Tenant;

interface Customer {
  _id: string;
  number: number;
  name: string;
  address?: { city?: string };
  hideRecipientOnDocuments?: boolean;
  paymentTermId?: string;
  status: { createdAt: string };
}
let all: Customer[] = []; // every customer of tenant a, in creation (= number) order

// Lowercase ASCII names and cities sort the same in JS, PGlite and PostgreSQL (any collation).
const NAMES = [
  'kilo',
  'alpha',
  'sierra',
  'bravo',
  'yankee',
  'delta',
  'echo',
  'xray',
  'golf',
  'hotel',
  'india',
  'juliett',
  'charlie',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'foxtrot',
  'tango',
  'uniform',
  'victor',
  'whiskey',
];
const CITIES = ['bonn', 'aachen', 'celle', undefined];
let TERM_A = '';
let TERM_B = '';

async function list(query: Record<string, string> | string, url = '/v2/customers/') {
  const qs = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  const res = await call(t.app, 'GET', `${url}?${qs}`, a.headers);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.ok(Array.isArray(res.body));
  assert.match(String(res.headers['x-total-count']), /^\d+$/);
  return { items: res.body as Customer[], total: Number(res.headers['x-total-count']) };
}
const names = (items: Customer[]) => items.map((c) => c.name);
const numbers = (items: Customer[]) => items.map((c) => c.number);
const filter = (conditions: unknown[]) => ({ filter: JSON.stringify(conditions) });
const expectNames = (predicate: (c: Customer) => boolean) => all.filter(predicate).map((c) => c.name);

async function bad(query: Record<string, string> | string, path: string, url = '/v2/customers/') {
  const qs = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  const res = await call(t.app, 'GET', `${url}?${qs}`, a.headers);
  assert.equal(res.status, 400, `${qs}: ${JSON.stringify(res.body)}`);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.ok(
    res.body.errors?.some((e: { path: string }) => e.path === path),
    `${qs}: expected an error at ${path}, got ${JSON.stringify(res.body)}`,
  );
}

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Lists');
  // Customers name payment terms of their company; the terms go again once named, as the payment
  // terms suite below counts only its own.
  const term = async (name: string): Promise<string> =>
    (await call(t.app, 'POST', '/v2/paymentTerms/', a.headers, { name, netDays: 1 })).body._id;
  TERM_A = await term('term a');
  TERM_B = await term('term b');
  for (const [i, name] of NAMES.entries()) {
    const city = CITIES[i % CITIES.length];
    const body: Record<string, unknown> = { name, vatNumber: `DE${1000 + i}` };
    if (city) body.address = { city };
    if (i % 3 !== 2) body.hideRecipientOnDocuments = i % 3 === 0;
    if (i % 5 < 2) body.paymentTermId = i % 5 === 0 ? TERM_A : TERM_B;
    const res = await call(t.app, 'POST', '/v2/customers/', a.headers, body);
    assert.equal(res.status, 201);
    await sleep(3); // distinct creation milliseconds
  }
  for (const term of [TERM_A, TERM_B])
    assert.equal((await call(t.app, 'DELETE', `/v2/paymentTerms/${term}`, a.headers)).status, 200);
  all = (await list({ limit: '1000' })).items;
  assert.equal(all.length, NAMES.length);
});
after(async () => {
  await t?.close();
});

describe('limit and offset', () => {
  test('default order is by number; X-Total-Count is the full count', async () => {
    const { items, total } = await list('');
    assert.equal(total, 25);
    assert.deepEqual(
      numbers(items),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    assert.deepEqual(names(items), NAMES);
  });

  test('limit defaults to 100 and goes up to 1000', async () => {
    for (let i = 0; i < 105; i += 1) {
      assert.equal((await call(t.app, 'POST', '/v2/activityTypes/', a.headers, { name: `type ${i}` })).status, 201);
    }
    const page = await list('', '/v2/activityTypes/');
    assert.equal(page.items.length, 100);
    assert.equal(page.total, 105);
    assert.equal((await list({ limit: '1000' }, '/v2/activityTypes/')).items.length, 105);
  });

  test('limit 1..1000 and offset >= 0, otherwise 400', async () => {
    assert.deepEqual(names((await list({ limit: '1' })).items), ['kilo']);
    for (const limit of ['0', '1001', '-5', 'ten', '2.5']) await bad({ limit }, 'querystring.limit');
    for (const offset of ['-1', 'x']) await bad({ offset }, 'querystring.offset');
    const beyond = await list({ offset: '30' });
    assert.deepEqual(beyond.items, []);
    assert.equal(beyond.total, 25);
  });

  test('pages of 7 return every record exactly once, in order', async () => {
    const seen: Customer[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await list({ limit: '7', offset: String(offset), sort: 'name:1' });
      assert.equal(page.total, 25);
      seen.push(...page.items);
      if (page.items.length < 7) break;
      assert.ok(offset < 100, 'paging does not end');
    }
    assert.equal(seen.length, 25);
    assert.equal(new Set(seen.map((c) => c._id)).size, 25);
    assert.deepEqual(names(seen), [...NAMES].sort());
  });
});

describe('X-Total-Count on every page', () => {
  test('with a filter, full pages, the short last page and the page past the end all count the filtered records', async () => {
    const inBonn = expectNames((c) => c.address?.city === 'bonn');
    assert.ok(inBonn.length > 4, 'the fixture has enough customers in bonn');
    const seen: string[] = [];
    for (let offset = 0; offset <= inBonn.length; offset += 2) {
      const page = await list({ 'address.city': 'bonn', limit: '2', offset: String(offset) });
      assert.equal(page.total, inBonn.length, `offset ${offset}`);
      seen.push(...names(page.items));
    }
    assert.deepEqual(seen, inBonn);
  });
});

describe('the page statement', () => {
  test('reads a column every record fills by its index (no nulls clause) and counts nothing in it', async () => {
    const plan = await readInTenant(t.database, a.companyId, async (tx) => {
      // The plan the index allows, whatever the planner thinks of a company of 25 customers.
      for (const setting of ['seqscan', 'bitmapscan', 'sort'])
        await sql`SET LOCAL ${sql.raw(`enable_${setting}`)} = off`.execute(tx.db);
      const page = listPageQuery(tx, customers, {
        limit: 100,
        offset: 0,
        sort: [{ field: customers.fields.get('number')!, descending: false }],
        where: [],
      }).compile();
      const { rows } = await tx.db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN ${page.sql}`, [...page.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    assert.match(plan, /Index Scan using customers_company_id_number_key/, plan);
    // At most an incremental sort of the id within a number: no sort of all the company's customers, no window.
    assert.doesNotMatch(plan, /WindowAgg|(?<!Incremental )Sort {2}\(/, plan);
  });
});

describe('sort', () => {
  test('sort=name:1 and name:-1', async () => {
    assert.deepEqual(names((await list({ sort: 'name:1' })).items), [...NAMES].sort());
    assert.deepEqual(names((await list({ sort: 'name:-1' })).items), [...NAMES].sort().reverse());
  });

  test('dot notation: status.createdAt and address.city (missing values first ascending, last descending)', async () => {
    assert.deepEqual(numbers((await list({ sort: 'status.createdAt:-1' })).items), numbers(all).reverse());
    assert.deepEqual(numbers((await list({ sort: 'status.createdAt:1' })).items), numbers(all));
    const byId = (x: Customer, y: Customer) => (x._id < y._id ? -1 : 1);
    const city = (c: Customer) => c.address?.city ?? '';
    const asc = [...all].sort((x, y) => city(x).localeCompare(city(y)) || byId(x, y));
    assert.deepEqual(numbers((await list({ sort: 'address.city:1' })).items), numbers(asc));
    const desc = [...all].sort(
      (x, y) => (city(y) === '' ? -1 : 0) - (city(x) === '' ? -1 : 0) || city(y).localeCompare(city(x)) || byId(x, y),
    );
    assert.deepEqual(numbers((await list({ sort: 'address.city:-1' })).items), numbers(desc));
  });

  test('several fields apply in sequence', async () => {
    const city = (c: Customer) => c.address?.city ?? '';
    const expected = [...all].sort((x, y) => city(x).localeCompare(city(y)) || y.name.localeCompare(x.name));
    assert.deepEqual(names((await list({ sort: 'address.city:1,name:-1' })).items), names(expected));
  });

  test('unknown or unsortable fields and bad directions are 400', async () => {
    await bad({ sort: 'shoeSize:1' }, 'sort');
    await bad({ sort: 'name:up' }, 'sort');
    await bad({ sort: 'invoiceCCRecipientIds:1' }, 'sort');
    await bad({ sort: 'password:1' }, 'sort');
  });
});

describe('field filters', () => {
  test('a query parameter named after a field, with dot notation', async () => {
    assert.deepEqual(names((await list({ name: 'golf' })).items), ['golf']);
    const bonn = await list({ 'address.city': 'bonn' });
    assert.deepEqual(
      names(bonn.items),
      expectNames((c) => c.address?.city === 'bonn'),
    );
    assert.equal(bonn.total, 7);
    assert.deepEqual(
      names((await list({ hideRecipientOnDocuments: 'true' })).items),
      expectNames((c) => c.hideRecipientOnDocuments === true),
    );
    assert.deepEqual(
      names((await list({ paymentTermId: TERM_A })).items),
      expectNames((c) => c.paymentTermId === TERM_A),
    );
    assert.deepEqual(
      names((await list({ paymentTermId: `${TERM_A},${TERM_B}` })).items),
      expectNames((c) => c.paymentTermId != null),
    );
    assert.deepEqual(numbers((await list({ number: '1,2,3' })).items), [1, 2, 3]);
    assert.deepEqual(names((await list({ name: 'golf', 'address.city': 'aachen' })).items), []);
  });

  test('<field>From / <field>To on number', async () => {
    assert.deepEqual(numbers((await list({ numberFrom: '5', numberTo: '9' })).items), [5, 6, 7, 8, 9]);
    assert.deepEqual(numbers((await list({ numberFrom: '24' })).items), [24, 25]);
    await bad({ numberFrom: 'abc' }, 'numberFrom');
  });

  test('<field>From / <field>To on status.createdAt, as epoch ms and as ISO', async () => {
    const from = all[9]!.status.createdAt; // ISO, inclusive
    const to = Date.parse(all[15]!.status.createdAt) - 1; // epoch ms between record 15 and 16
    assert.deepEqual(
      numbers((await list({ 'status.createdAtFrom': from, 'status.createdAtTo': String(to) })).items),
      [10, 11, 12, 13, 14, 15],
    );
    assert.deepEqual(
      numbers((await list({ 'status.createdAtFrom': String(Date.parse(all[23]!.status.createdAt)) })).items),
      [24, 25],
    );
    assert.equal((await list({ 'status.createdAtTo': '2000-01-01T00:00:00Z' })).total, 0);
    await bad({ 'status.createdAtFrom': 'yesterday' }, 'status.createdAtFrom');
  });

  test('a record is within From/To bounds equal to its own createdAt as the API reports it', async () => {
    const at = all[4]!.status.createdAt;
    assert.deepEqual(numbers((await list({ 'status.createdAtFrom': at, 'status.createdAtTo': at })).items), [5]);
    assert.deepEqual(numbers((await list({ 'status.createdAt': at })).items), [5]);
  });

  test('unknown parameters and ranges on other types are 400', async () => {
    await bad({ shoeSize: '42' }, 'querystring.shoeSize');
    await bad({ nameFrom: 'a' }, 'querystring.nameFrom');
    await bad({ 'address.planet': 'mars' }, 'querystring.address.planet');
  });
});

describe('dynamic filter', () => {
  const run = async (conditions: unknown[]) => names((await list(filter(conditions))).items);

  test('string operators', async () => {
    assert.deepEqual(await run([{ field: 'name', type: 'string', op: 'eq', value: 'echo' }]), ['echo']);
    assert.deepEqual(
      await run([{ field: 'name', type: 'string', op: 'ne', value: 'echo' }]),
      NAMES.filter((n) => n !== 'echo'),
    );
    assert.deepEqual(await run([{ field: 'name', type: 'string', op: 'in', value: ['lima', 'alpha', 'nobody'] }]), [
      'alpha',
      'lima',
    ]);
    assert.deepEqual(await run([{ field: 'name', type: 'string', op: 'contains', value: 'OT' }]), ['hotel', 'foxtrot']);
    assert.deepEqual(await run([{ field: 'name', type: 'string', op: 'startsWith', value: 'ju' }]), ['juliett']);
    // LIKE wildcards are literal characters
    assert.deepEqual(await run([{ field: 'name', type: 'string', op: 'contains', value: '_' }]), []);
    assert.deepEqual(await run([{ field: 'name', type: 'string', op: 'startsWith', value: '%' }]), []);
    assert.deepEqual(
      await run([{ field: 'address.city', type: 'string', op: 'eq', value: 'celle' }]),
      expectNames((c) => c.address?.city === 'celle'),
    );
  });

  test('number operators', async () => {
    const nums = async (conditions: unknown[]) => numbers((await list(filter(conditions))).items);
    assert.deepEqual(await nums([{ field: 'number', type: 'number', op: 'gt', value: 23 }]), [24, 25]);
    assert.deepEqual(await nums([{ field: 'number', type: 'number', op: 'gte', value: 24 }]), [24, 25]);
    assert.deepEqual(await nums([{ field: 'number', type: 'number', op: 'lt', value: 3 }]), [1, 2]);
    assert.deepEqual(await nums([{ field: 'number', type: 'number', op: 'lte', value: 2 }]), [1, 2]);
    assert.deepEqual(await nums([{ field: 'number', type: 'number', op: 'between', value: [7, 9] }]), [7, 8, 9]);
    assert.deepEqual(
      await nums([
        { field: 'number', type: 'number', op: 'gte', value: 10 },
        { field: 'address.city', type: 'string', op: 'eq', value: 'bonn' },
      ]),
      all.filter((c) => c.number >= 10 && c.address?.city === 'bonn').map((c) => c.number),
    );
  });

  test('boolean and objectid operators', async () => {
    assert.deepEqual(
      await run([{ field: 'hideRecipientOnDocuments', type: 'boolean', op: 'eq', value: false }]),
      expectNames((c) => c.hideRecipientOnDocuments === false),
    );
    assert.deepEqual(
      await run([{ field: 'paymentTermId', type: 'objectid', op: 'eq', value: TERM_B }]),
      expectNames((c) => c.paymentTermId === TERM_B),
    );
    const ids = [all[2]!._id, all[20]!._id];
    assert.deepEqual(await run([{ field: '_id', type: 'objectid', op: 'in', value: ids }]), [
      all[2]!.name,
      all[20]!.name,
    ]);
    assert.deepEqual(await run([{ field: '_id', type: 'objectid', op: 'eq', value: all[7]!._id }]), [all[7]!.name]);
  });

  test('wrong type, operator, field or value is 400', async () => {
    await bad(filter([{ field: 'name', type: 'number', op: 'eq', value: 1 }]), 'filter[0].type');
    await bad(filter([{ field: 'name', type: 'string', op: 'gt', value: 'a' }]), 'filter[0].op');
    await bad(
      filter([{ field: 'hideRecipientOnDocuments', type: 'boolean', op: 'contains', value: true }]),
      'filter[0].op',
    );
    await bad(filter([{ field: '_id', type: 'objectid', op: 'eq', value: 'not-an-id' }]), 'filter[0].value');
    await bad(filter([{ field: 'number', type: 'number', op: 'between', value: [1] }]), 'filter[0].value');
    await bad(filter([{ field: 'number', type: 'number', op: 'eq', value: 'many' }]), 'filter[0].value');
    await bad(filter([{ field: 'shoeSize', type: 'number', op: 'eq', value: 1 }]), 'filter[0].field');
    await bad(filter([{ field: 'name', op: 'eq', value: 'a' }, 'nope']), 'filter[1]');
    await bad({ filter: '[{"field":"name",' }, 'filter');
    await bad({ filter: '{"field":"name"}' }, 'filter');
  });
});

describe('payment terms: limit max 100, skip, sortKey + sortDirection', () => {
  before(async () => {
    for (const [name, netDays] of [
      ['net 30', 30],
      ['net 7', 7],
      ['net 60', 60],
      ['immediate', 0],
      ['net 14', 14],
    ] as const) {
      assert.equal((await call(t.app, 'POST', '/v2/paymentTerms/', a.headers, { name, netDays })).status, 201);
    }
  });
  const terms = async (query: Record<string, string>) => {
    const { items, total } = await list(query, '/v2/paymentTerms/');
    return { names: (items as unknown as Array<{ name: string }>).map((p) => p.name), total };
  };

  test('limit 100 is the maximum', async () => {
    assert.equal((await terms({ limit: '100' })).names.length, 5);
    await bad({ limit: '101' }, 'querystring.limit', '/v2/paymentTerms/');
  });

  test('skip pages, sortKey and sortDirection order', async () => {
    assert.deepEqual(await terms({ limit: '2', skip: '1' }), { names: ['net 7', 'net 60'], total: 5 });
    assert.deepEqual((await terms({ sortKey: 'netDays', sortDirection: '-1' })).names, [
      'net 60',
      'net 30',
      'net 14',
      'net 7',
      'immediate',
    ]);
    assert.deepEqual((await terms({ sortKey: 'name', sortDirection: '1' })).names, [
      'immediate',
      'net 14',
      'net 30',
      'net 60',
      'net 7',
    ]);
    assert.deepEqual((await terms({ sortKey: 'netDays' })).names, ['immediate', 'net 7', 'net 14', 'net 30', 'net 60']);
  });

  test('offset, sort and unknown sort keys are refused', async () => {
    await bad({ offset: '1' }, 'querystring.offset', '/v2/paymentTerms/');
    await bad({ sort: 'name:1' }, 'querystring.sort', '/v2/paymentTerms/');
    await bad({ sortKey: 'colour' }, 'sortKey', '/v2/paymentTerms/');
    await bad({ sortKey: 'name', sortDirection: 'up' }, 'querystring.sortDirection', '/v2/paymentTerms/');
  });
});
