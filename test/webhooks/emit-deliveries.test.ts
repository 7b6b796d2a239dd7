// crewbase_emit (migrations 0022, 0025): one event per item, with ids of the object-id form, and one delivery
// per event and subscribed webhook: enabled, same entity and type; the subscribers are looked up once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { inTenant } from '../../src/platform/db/tenant.js';
import { newObjectId } from '../../src/platform/ids.js';
import { emit } from '../../src/platform/outbox/emit.js';
import { createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let acme: Tenant;
let other: Tenant;

before(async () => {
  t = await createTestApp();
  acme = await signup(t.app, 'Acme');
  other = await signup(t.app, 'Other');
});
after(() => t.close());

async function addWebhook(tenant: Tenant, entity: string, type: string, disabled = false): Promise<string> {
  const id = newObjectId();
  await inTenant(t.database, tenant.companyId, (tx) =>
    sql`INSERT INTO webhooks (company_id, id, number, entity, type, url, disabled_at)
      VALUES (${tenant.companyId}, ${id}, (SELECT coalesce(max(number), 0) + 1 FROM webhooks), ${entity}, ${type},
        'https://example.com/hook', ${disabled ? new Date() : null})`.execute(tx.db),
  );
  return id;
}

test('each event gets one delivery per enabled webhook of its entity and type, none for the others', async () => {
  const first = await addWebhook(acme, 'task', 'CREATE');
  const second = await addWebhook(acme, 'task', 'CREATE');
  await addWebhook(acme, 'task', 'CREATE', true); // disabled
  await addWebhook(acme, 'task', 'UPDATE'); // another type
  await addWebhook(acme, 'customer', 'CREATE'); // another entity
  await addWebhook(other, 'task', 'CREATE'); // another company
  const marker = newObjectId();
  const items = Array.from({ length: 5 }, (_, i) => ({ marker, i }));
  const rows = await inTenant(t.database, acme.companyId, async (tx) => {
    await emit(tx, 'CREATE', 'task', items);
    const { rows } = await sql<{ id: string; hooks: string[] | null }>`
      SELECT e.id, array_agg(d.webhook_id ORDER BY d.webhook_id) FILTER (WHERE d.id IS NOT NULL) AS hooks
      FROM events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id
      WHERE e.data->>'marker' = ${marker} GROUP BY e.id`.execute(tx.db);
    return rows;
  });
  assert.equal(rows.length, 5, 'one event per item');
  for (const row of rows) {
    assert.match(row.id, /^[0-9a-f]{24}$/, 'an object id: 8 hex digits of seconds, 16 random');
    assert.deepEqual(row.hooks, [first, second].sort());
  }
});

test('without a subscriber the events are written and no delivery', async () => {
  const marker = newObjectId();
  const counts = await inTenant(t.database, other.companyId, async (tx) => {
    await emit(
      tx,
      'UPDATE',
      'article',
      Array.from({ length: 300 }, (_, i) => ({ marker, i })),
    );
    const { rows } = await sql<{ events: number; ids: number; deliveries: number }>`
      SELECT count(*)::int AS events, count(DISTINCT e.id)::int AS ids,
        (SELECT count(*)::int FROM webhook_deliveries d WHERE d.event_id IN
          (SELECT id FROM events WHERE data->>'marker' = ${marker})) AS deliveries
      FROM events e WHERE e.data->>'marker' = ${marker}`.execute(tx.db);
    return rows[0];
  });
  assert.deepEqual(counts, { events: 300, ids: 300, deliveries: 0 });
});

test("the functions every write calls keep their plans per connection, and a kept plan writes for each call's company", async () => {
  // A LANGUAGE sql function that writes is planned again at every call (PostgreSQL before 18); PL/pgSQL keeps
  // its statements' plans for the connection (migration 0025).
  const { rows: languages } = await sql<{ name: string; language: string }>`
    SELECT p.proname AS name, l.lanname AS language FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
    WHERE p.proname IN ('crewbase_emit', 'crewbase_notify') ORDER BY 1`.execute(t.database.kysely);
  assert.deepEqual(languages, [
    { name: 'crewbase_emit', language: 'plpgsql' },
    { name: 'crewbase_notify', language: 'plpgsql' },
  ]);
  // More calls than PostgreSQL's five custom plans before it may keep a generic one, the companies taking turns.
  const marker = newObjectId();
  for (let i = 0; i < 8; i++) {
    const tenant = i % 2 ? other : acme;
    await inTenant(t.database, tenant.companyId, (tx) => emit(tx, 'CREATE', 'note', [{ marker, i }]));
  }
  for (const [tenant, expected] of [
    [acme, [0, 2, 4, 6]],
    [other, [1, 3, 5, 7]],
  ] as const) {
    const { rows } = await sql<{ i: number }>`
      SELECT (data->>'i')::int AS i FROM events WHERE data->>'marker' = ${marker}
        AND company_id = ${tenant.companyId} ORDER BY 1`.execute(t.database.kysely);
    assert.deepEqual(
      rows.map((r) => r.i),
      expected,
    );
  }
});
