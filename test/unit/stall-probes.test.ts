// The capacity bench's stall probes (bench/lib/stall-probes.ts): p99 and max of the waits they saw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figures, waitingForConnection } from '../../bench/lib/stall-probes.js';

test("a probe's figures: the 99th percentile and the longest wait, one stall among many short answers", () => {
  const waits = [...Array.from({ length: 199 }, (_, i) => 1 + (i % 3)), 480];
  assert.deepEqual(figures(waits), { count: 200, p99Ms: 3, maxMs: 480 });
  assert.deepEqual(figures([...waits.slice(0, 190), ...Array(10).fill(500)]), { count: 200, p99Ms: 500, maxMs: 500 });
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
