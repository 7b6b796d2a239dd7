// The capacity bench's stall probes (bench/lib/stall-probes.ts): p99 and max of the waits they saw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figures, serverMs, waitingForConnection } from '../../bench/lib/stall-probes.js';

test("a probe's figures: the 99th percentile and the longest wait, one stall among many short answers", () => {
  const waits = [...Array.from({ length: 199 }, (_, i) => 1 + (i % 3)), 480];
  assert.deepEqual(figures(waits), { count: 200, p50Ms: 2, p99Ms: 3, maxMs: 480 });
  assert.deepEqual(figures([...waits.slice(0, 190), ...Array(10).fill(500)]), {
    count: 200,
    p50Ms: 2,
    p99Ms: 500,
    maxMs: 500,
  });
  assert.ok(Number.isNaN(figures([]).maxMs), 'no answer at all is no figure, not zero');
});

test('transactions waiting for a database connection, summed over the targets of a /metrics text', () => {
  const metrics = [
    '# HELP crewbase_db_target_waiting Transactions waiting for a connection to the server',
    'crewbase_db_target_waiting{target="127.0.0.1:5432",role="primary"} 3',
    'crewbase_db_target_waiting{target="127.0.0.1:5433",role="replica"} 2',
    'crewbase_db_target_waiting_other 9',
  ].join('\n');
  assert.equal(waitingForConnection(metrics), 5);
  assert.equal(waitingForConnection('crewbase_http_requests_total 4'), 0);
});

test("the server's own time from its Server-Timing header", () => {
  assert.equal(serverMs('app;dur=12.5'), 12.5);
  assert.equal(serverMs('db;dur=3, app;dur=7'), 7);
  assert.equal(serverMs(['cache;dur=1', 'app;dur=4.0']), 4);
  assert.equal(serverMs(undefined), undefined);
  assert.equal(serverMs('myapp;dur=9'), undefined, 'another metric of a similar name');
});
