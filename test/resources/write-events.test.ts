// Every write of an engine record emits its event (the engine writes the row and the event in one
// transaction, resource-store.ts): for each resource with a webhook entity, creating a record gives
// a CREATE event, PATCH an UPDATE and DELETE a DELETE, wherever the resource has those routes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { definedResources } from '../../src/resources/engine/define-resource.js';
import { eventsUntil } from '../helpers/event-feed.js';
import { createFixtureRecords, FIXTURES, fixtureBody, type Ids } from '../helpers/record-fixtures.js';
import { call, createTestApp, signup, type Tenant, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let a: Tenant;
let ids: Ids;

before(async () => {
  t = await createTestApp();
  a = await signup(t.app, 'Events');
  ids = await createFixtureRecords({ app: t.app, headers: a.headers });
});
after(() => t.close());

/** The resources whose writes are events, in the order their fixtures are created. */
const evented = () => {
  const order = Object.keys(FIXTURES);
  return definedResources()
    .filter((resource) => resource.webhookEntity)
    .sort((x, y) => order.indexOf(x.collection) - order.indexOf(y.collection));
};

type Event = { type: string; entity: string; data?: { _id?: string } };
type Wanted = { type: 'CREATE' | 'UPDATE' | 'DELETE'; entity: string; id: string; collection: string };

/** Waits until the feed holds every wanted event; the failure names the missing ones. */
async function expectEvents(wanted: Wanted[]) {
  const missing = (events: Event[]) =>
    wanted.filter((w) => !events.some((e) => e.type === w.type && e.entity === w.entity && e.data?._id === w.id));
  await eventsUntil(
    t.app,
    a,
    (events) => missing(events).length === 0,
    (events) =>
      `missing events: ${missing(events)
        .map((w) => `${w.type} ${w.entity} of ${w.collection}`)
        .join(', ')}`,
  );
}

const hasRoute = (method: 'PATCH' | 'DELETE', collection: string) =>
  t.app.hasRoute({ method, url: `/v2/${collection}/:id` });

/**
 * A record to change: a new one where the collection's fixture is a plain POST (the fixture's own
 * record may since have moved on, e.g. an invoice issued for a payment), else the fixture's record.
 */
const fresh = new Map<string, string>();
async function recordToChange(collection: string): Promise<string> {
  const fixture = FIXTURES[collection]!;
  if (fixture.create || fixture.status || typeof fixture.path !== 'string') return ids[collection]!;
  if (!fresh.has(collection)) {
    const res = await call(t.app, 'POST', fixture.path, a.headers, fixtureBody(fixture, ids));
    assert.equal(res.status, 201, `POST ${collection}: ${JSON.stringify(res.body)}`);
    fresh.set(collection, res.body._id);
  }
  return fresh.get(collection)!;
}

describe('every engine write emits its event', () => {
  test('a record created through the API: CREATE', () =>
    expectEvents(
      evented().map((resource) => {
        assert.ok(ids[resource.collection], `${resource.collection}: no fixture creates a record`);
        return {
          type: 'CREATE',
          entity: resource.webhookEntity!,
          id: ids[resource.collection]!,
          collection: resource.collection,
        };
      }),
    ));

  test('PATCH: UPDATE', async () => {
    const wanted: Wanted[] = [];
    for (const resource of evented()) {
      const { collection } = resource;
      if (!hasRoute('PATCH', collection)) continue;
      const fixture = FIXTURES[collection]!;
      const id = await recordToChange(collection);
      const body = fixture.patch ?? fixtureBody(fixture, ids);
      const res = await call(t.app, 'PATCH', `/v2/${collection}/${id}`, a.headers, body);
      assert.equal(res.status, 200, `PATCH ${collection}: ${JSON.stringify(res.body)}`);
      wanted.push({ type: 'UPDATE', entity: resource.webhookEntity!, id, collection });
    }
    assert.ok(wanted.length >= 10, `${wanted.length} resources patched`);
    await expectEvents(wanted);
  });

  test('DELETE: DELETE', async () => {
    const wanted: Wanted[] = [];
    // Last created first, so that no record is still referred to by a later one.
    for (const resource of evented().reverse()) {
      const { collection } = resource;
      if (!hasRoute('DELETE', collection)) continue;
      const id = await recordToChange(collection);
      const res = await call(t.app, 'DELETE', `/v2/${collection}/${id}`, a.headers);
      assert.equal(res.status, 200, `DELETE ${collection}: ${JSON.stringify(res.body)}`);
      wanted.push({ type: 'DELETE', entity: resource.webhookEntity!, id, collection });
    }
    assert.ok(wanted.length >= 10, `${wanted.length} resources deleted`);
    await expectEvents(wanted);
  });
});
