// One rule for a record's API shape, built in two places: toApi() in TypeScript (to-api.ts) and
// recordJson() in SQL (resource-store.ts, with crewbase_entity_json of the migrations). For the stored
// rows of every resource the app declares, both must build the same object, so a change to either
// side alone fails here. (A resource's toApi hook adds fields from its own columns on top; its
// events and reads go through toApi, so the comparison is of the shape before the hook.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { inTenant } from '../../src/platform/db/tenant.js';
import { definedResources, recordOf } from '../../src/resources/engine/define-resource.js';
import { recordJson } from '../../src/resources/engine/resource-store.js';
import { storedShape, toApi } from '../../src/resources/engine/to-api.js';
import { createFixtureRecords } from '../helpers/record-fixtures.js';
import { createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Shapes');
  await createFixtureRecords({ app: t.app, headers: a.headers });
});
after(() => t.close());

describe('a record API shape, in TypeScript and in SQL', () => {
  test('the app declares its resources through the engine', () => {
    assert.ok(definedResources().length >= 35, `${definedResources().length} resources`);
  });

  test('toApi() and recordJson() build the same object for every resource', { timeout: 120_000 }, async () => {
    for (const resource of definedResources()) {
      const rows = await inTenant(t.database, a.companyId, async (tx) => {
        // The table through the engine's own name for it; `api` is what SQL reads and events build.
        const { rows } = await sql<Record<string, unknown> & { api: Record<string, unknown> }>`
          SELECT t.*, ${recordJson(resource, 't')} AS api FROM ${sql.table(resource.table)} t
          WHERE t.company_id = ${tx.companyId} ORDER BY t.number`.execute(tx.db);
        return rows;
      });
      assert.ok(rows.length > 0, `${resource.collection}: no record to compare (add a fixture)`);
      for (const { api, ...row } of rows) {
        const record = recordOf(resource, row);
        const built = resource.hooks?.toApi ? storedShape(resource, record) : toApi(resource, record);
        assert.deepEqual(built, api, `${resource.collection} ${row.id}: toApi() and recordJson() differ`);
      }
    }
  });
});
