// JSON Merge Patch round trip (issue 32): every resource the app declares takes its own GET answer
// back as a PATCH body: 2xx, and the record reads the same afterwards apart from the status
// timestamps. Read-only and server-set fields in the body are accepted when they equal the stored
// value (docs/decisions.md, "PATCH with a GET answer").
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { definedResources } from '../../src/resources/engine/define-resource.js';
import { createFixtureRecords, type Ids } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;
let ids: Ids;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Round Trip');
  ids = await createFixtureRecords({ app: t.app, headers: a.headers });
});
after(() => t.close());

/** A GET answer without what a write itself changes (the modification stamp). */
function unchangedPart(record: Record<string, unknown>) {
  const { lastModifiedAt: _at, lastModifiedBy: _by, ...status } = record.status as Record<string, unknown>;
  return { ...record, status };
}

describe('PATCH with the record its GET answered', () => {
  test('2xx and the record unchanged, for every resource with a PATCH route', { timeout: 120_000 }, async () => {
    const patchable = definedResources().filter((r) =>
      t.app.hasRoute({ method: 'PATCH', url: `/v2/${r.collection}/:id` }),
    );
    assert.ok(patchable.length >= 30, `${patchable.length} resources with PATCH`);
    const refused: string[] = [];
    for (const { collection } of patchable) {
      const id = ids[collection];
      assert.ok(id, `${collection}: no fixture record (add one to test/helpers/record-fixtures.ts)`);
      const path = `/v2/${collection}/${id}`;
      const before = await call(t.app, 'GET', path, a.headers);
      assert.equal(before.status, 200, `${collection}: ${JSON.stringify(before.body)}`);
      const patched = await call(t.app, 'PATCH', path, a.headers, before.body);
      if (patched.status >= 300) {
        refused.push(`${collection} ${patched.status}: ${JSON.stringify(patched.body.errors ?? patched.body.detail)}`);
        continue;
      }
      const afterPatch = await call(t.app, 'GET', path, a.headers);
      try {
        assert.deepEqual(unchangedPart(afterPatch.body), unchangedPart(before.body));
      } catch (e) {
        refused.push(`${collection} changed: ${(e as Error).message.slice(0, 600)}`);
      }
    }
    assert.deepEqual(refused, []);
  });
});

describe('PATCH /absences/{id}: fields set at creation, and null', () => {
  test('a create-only field equal to the record is accepted, a different one is 400 naming it', async () => {
    const path = `/v2/absences/${ids.absences}`;
    const changed = await call(t.app, 'PATCH', path, a.headers, {
      userId: ids.users === a.userId ? ids.customers : a.userId,
      fullDay: false,
    });
    assert.equal(changed.status, 400, JSON.stringify(changed.body));
    assert.deepEqual(changed.body.errors.map((e: { path: string }) => e.path).sort(), ['fullDay', 'userId']);
  });
  test('null removes an optional field', async () => {
    const path = `/v2/absences/${ids.absences}`;
    assert.equal((await call(t.app, 'PATCH', path, a.headers, { desc: 'flu' })).status, 200);
    assert.equal((await call(t.app, 'GET', path, a.headers)).body.desc, 'flu');
    const removed = await call(t.app, 'PATCH', path, a.headers, { desc: null });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(Object.hasOwn((await call(t.app, 'GET', path, a.headers)).body, 'desc'), false);
  });
});
