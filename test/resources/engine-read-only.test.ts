// The engine's reads (a record by id, a list) run in READ ONLY transactions,
// as docs/architecture.md says: the database is asked `SHOW transaction_read_only` inside each
// transaction a read opens, through a wrapper around the app's database.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { Database } from '../../src/platform/db/database.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;
let customerId: string;

/** What each transaction opened while `work` runs said of itself: its readOnly flag and the database's answer. */
async function transactionsDuring(work: () => Promise<unknown>): Promise<Array<{ flag: boolean; shown: string }>> {
  const database = t.database;
  const saved = database.transaction;
  const original = saved.bind(database) as Database['transaction'];
  const seen: Array<{ flag: boolean; shown: string }> = [];
  database.transaction = (begin, readOnly, inner) =>
    original(begin, readOnly, async (db) => {
      const { rows } = await sql<{ transaction_read_only: string }>`SHOW transaction_read_only`.execute(db);
      seen.push({ flag: readOnly, shown: rows[0]!.transaction_read_only });
      return inner(db);
    });
  try {
    await work();
  } finally {
    database.transaction = saved;
  }
  return seen;
}

describe('engine reads are read-only transactions', () => {
  before(async () => {
    t = await createTestApp();
    a = await signup(t.app, 'ReadOnly');
    const created = await call(t.app, 'POST', '/v2/customers', a.headers, { name: 'Reader' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    customerId = created.body._id;
  });
  after(() => t.close());

  const reads: Array<[string, 'GET', () => string, unknown?]> = [
    ['GET by id', 'GET', () => `/v2/customers/${customerId}`],
    ['list', 'GET', () => '/v2/customers?limit=5'],
  ];
  for (const [name, method, url, body] of reads) {
    test(`${name}: every transaction it opens is READ ONLY`, async () => {
      let status = 0;
      const seen = await transactionsDuring(async () => {
        status = (await call(t.app, method, url(), a.headers, body)).status;
      });
      assert.equal(status, 200);
      assert.ok(seen.length > 0, 'the read opened a transaction');
      assert.deepEqual(
        seen,
        seen.map(() => ({ flag: true, shown: 'on' })),
      );
    });
  }

  test('a write through the same wrapper is seen as read-write (the check can fail)', async () => {
    const seen = await transactionsDuring(() =>
      call(t.app, 'PATCH', `/v2/customers/${customerId}`, a.headers, { name: 'Writer' }),
    );
    assert.ok(seen.some((s) => !s.flag && s.shown === 'off'));
  });
});
