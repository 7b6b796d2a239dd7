// Polling GET /v2/events for tests. On PostgreSQL the feed serves an event only once every older
// transaction on the server has ended, so an event a test just caused may take a while to show.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { call, type Tenant, type Json } from './test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every event of the tenant so far (all pages, following X-Next-Cursor), fetched again every
 * 100 ms until `done` holds; fails after 20 s. `what` names what was awaited in the failure
 * message (a function gets the events read last).
 */
export async function eventsUntil(
  app: FastifyInstance,
  tenant: Pick<Tenant, 'headers'>,
  done: (events: Json[]) => boolean,
  what: string | ((events: Json[]) => string),
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const events: Json[] = [];
    let cursor = '';
    for (;;) {
      const res = await call(app, 'GET', `/v2/events?limit=1000${cursor ? `&after=${cursor}` : ''}`, tenant.headers);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      events.push(...res.body);
      if (res.body.length < 1000) break;
      cursor = String(res.headers['x-next-cursor']);
    }
    if (done(events)) return events;
    if (Date.now() > deadline)
      assert.fail(typeof what === 'function' ? what(events) : `the event feed did not show ${what} within 20 s`);
    await sleep(100);
  }
}
