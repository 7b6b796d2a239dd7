// Schema-driven fuzzing: every POST and PATCH with a JSON body in the app's own OpenAPI document gets
// bodies that fit its schema, the same with one part made hostile, and hostile bodies as a whole,
// sent as an admin (so permissions do not stop them early) at records that exist. Whatever comes
// in, the answer is 2xx or a 4xx problem+json, never a 5xx. Deterministic: one seed per operation
// (FUZZ_SEED and FUZZ_RUNS explore further; FUZZ_VERBOSE prints each operation's statuses). Ids are
// the company's own or random ones: other companies' records are the tenancy and reference suites'.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ACTION_BODIES, FIXTURES, createFixtureRecords, fixtureBody, type Ids } from '../helpers/record-fixtures.js';
import { createTestApp, signup, type Json } from '../helpers/test-app.js';
import { bodyArbitrary, hex24, type Pools, type Schema } from './body-arbitraries.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_270_105);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

const t = await createTestApp({}, { resolveHost: async () => ['93.184.216.34'] }); // no DNS: webhook hosts are public
const admin = await signup(t.app, 'Fuzz');
const ids: Ids = await createFixtureRecords({ app: t.app, headers: admin.headers });
const openapi = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
const stats = { requests: 0, serverErrors: 0, byStatus: {} as Record<number, number> };
after(async () => {
  console.log(
    `fuzz: ${stats.requests} requests, ${stats.serverErrors} answered 5xx; by status ${JSON.stringify(stats.byStatus)}`,
  );
  await t.close();
});

function resolve(schema: Schema): Schema {
  let s = schema;
  while (s?.$ref) s = openapi.components.schemas[String(s.$ref).split('/').pop()!];
  return s ?? {};
}

// An id field mostly names a record of its collection (`objectId` → objects, `assigneeId` → users).
const ALIASES: Record<string, string> = {
  assignee: 'users',
  objectManager: 'users',
  reportedBy: 'users',
  credited: 'invoices',
  contact: 'contacts',
  template: 'invoiceTemplates',
  invoiceRecipient: 'contacts',
  payTypeAbsence: 'payTypes',
  image: 'documents',
};
const pools: Pools = {
  idsFor(field) {
    const stem = field?.replace(/Ids?$/, '');
    const collection = stem && (ALIASES[stem] ?? (`${stem}s` in ids ? `${stem}s` : stem in ids ? stem : undefined));
    const own = collection ? [ids[collection]!, ...(collection === 'users' ? [admin.userId] : [])] : [];
    return own.length ? own : Object.values(ids);
  },
};

/** Valid bodies of routes outside the fixtures' collections, to mutate from. */
const BASES: Record<string, unknown> = {
  'POST /v2/jobs/jobsInTimeFrame': { from: String(Date.UTC(2027, 0, 1)), to: String(Date.UTC(2027, 0, 15)) },
  'POST /v2/salaries/compute': { from: '2027-01-01T00:00:00Z', to: '2027-02-01T00:00:00Z' },
  'POST /v2/invoices/generate': { month: '2027-01' },
  'POST /v2/invoiceReminders/run': { date: '2027-01-20' },
  'POST /v2/bankingTransactions/import': { format: 'csv', content: 'date,amount,purpose\n2027-01-11,12.00,fuzz' },
  'PATCH /v2/company/timeAndPaySettings': { timeZone: 'Europe/Berlin' },
  'POST /v2/auth/login': { username: 'nobody', password: 'not-the-password' },
};

interface Operation {
  method: 'POST' | 'PATCH';
  path: string;
  schema: Schema;
  collection?: string;
  verb?: string;
  phase: number;
}

function operations(): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, Json>>(openapi.paths)) {
    for (const method of ['post', 'patch'] as const) {
      const schema = item[method]?.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const [, collection, rest] = /^\/v2\/(.+?)\/\{[A-Za-z]+\}(.*)$/.exec(path) ?? [
        undefined,
        /^\/v2\/(.+?)\/?$/.exec(path)?.[1],
      ];
      const verb = rest
        ?.split('/')
        .filter((part) => part && !part.startsWith('{'))
        .at(-1);
      // Creates first, then updates, then actions (which may move a record on to a final state).
      found.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        schema,
        collection,
        verb,
        phase: verb ? 2 : method === 'patch' ? 1 : 0,
      });
    }
  }
  return found.sort((a, b) => a.phase - b.phase);
}

function baseBody(op: Operation): unknown {
  const fixture = op.collection ? FIXTURES[op.collection] : undefined;
  if (op.verb) return ACTION_BODIES[op.verb]?.(ids, op.collection!);
  if (fixture && op.method === 'PATCH') return fixture.patch ?? fixtureBody(fixture, ids);
  if (fixture && op.method === 'POST') return fixtureBody(fixture, ids);
  return BASES[`${op.method} ${op.path}`];
}

/** The URL with its path parameters: mostly the collection's record, sometimes another id of the right format. */
function urlArbitrary(op: Operation): fc.Arbitrary<string> {
  if (!op.path.includes('{')) return fc.constant(op.path);
  const own = op.path.includes('{chatId}') ? ids.chats : op.collection ? ids[op.collection] : undefined;
  const id = fc.oneof(
    ...(own ? [{ weight: 8, arbitrary: fc.constant(own) }] : []),
    { weight: 1, arbitrary: hex24 },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(ids)) },
  );
  return id.map((value) => op.path.replace(/\{[A-Za-z]+\}/g, value));
}

const seedOf = (name: string) => SEED ^ createHash('sha256').update(name).digest().readInt32BE(0);

/** Operations that end the caller's sessions: fuzzed as a company of their own, so the admin stays signed in. */
const ENDS_SESSIONS = new Set([
  'POST /v2/auth/logout',
  'POST /v2/auth/logoutAll',
  'POST /v2/users/{id}/revokeSessions',
]);

describe('fuzzing every JSON body of the OpenAPI document', () => {
  for (const op of operations()) {
    const name = `${op.method} ${op.path}`;
    test(name, async () => {
      const arbitrary = fc.tuple(urlArbitrary(op), bodyArbitrary(op.schema, resolve, pools, baseBody(op)));
      const failures: string[] = [];
      const statuses: number[] = [];
      const caller = ENDS_SESSIONS.has(name) ? await signup(t.app, 'Fuzz sessions') : admin;
      for (const [url, body] of fc.sample(arbitrary, { seed: seedOf(name), numRuns: RUNS })) {
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { ...caller.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        stats.requests += 1;
        stats.byStatus[res.statusCode] = (stats.byStatus[res.statusCode] ?? 0) + 1;
        statuses.push(res.statusCode);
        const sent = JSON.stringify(body).slice(0, 300);
        if (res.statusCode >= 500) {
          stats.serverErrors += 1;
          failures.push(`${res.statusCode} ${url} ${sent}`);
        } else if (res.statusCode >= 400) {
          const problem = res.json();
          const wellFormed =
            String(res.headers['content-type']).startsWith('application/problem+json') &&
            problem.status === res.statusCode &&
            typeof problem.title === 'string';
          if (!wellFormed)
            failures.push(`${res.statusCode} without problem+json: ${url} ${sent} -> ${res.body.slice(0, 200)}`);
        } else {
          assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${res.statusCode} ${url}`);
        }
      }
      if (process.env.FUZZ_VERBOSE) console.log(name, statuses.sort().join(' '));
      assert.deepEqual(failures, [], `${name}: ${failures.length} of ${RUNS} bodies failed`);
    });
  }

  // Path ids never name the admin (a PATCH of their own user could end their session), so the run is as admin throughout.
  test("the admin's credentials still work after the run", async () => {
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/v2/users/${admin.userId}`, headers: admin.headers })).statusCode,
      200,
    );
  });
});
