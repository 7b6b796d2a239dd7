// The capacity bench's stall probes (bench/lib/stall-probes.ts): p99 and max of the waits they saw, and the
// machine's steal and I/O stalls read from /proc.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cpuCounters,
  figures,
  fullStallMicros,
  serverMs,
  stealShares,
  waitingForConnection,
} from '../../bench/lib/stall-probes.js';

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

test('transactions waiting for a database connection, summed over the targets of a /metrics text, and writes for a slot', () => {
  const metrics = [
    '# HELP crewbase_db_target_waiting Transactions waiting for a connection to the server',
    'crewbase_db_target_waiting{target="127.0.0.1:5432",role="primary"} 3',
    'crewbase_db_target_waiting{target="127.0.0.1:5433",role="replica"} 2',
    'crewbase_db_target_waiting_other 9',
    'crewbase_db_writes_waiting 4',
  ].join('\n');
  assert.equal(waitingForConnection(metrics), 9);
  assert.equal(waitingForConnection('crewbase_http_requests_total 4'), 0);
});

test("the server's own time from its Server-Timing header", () => {
  assert.equal(serverMs('app;dur=12.5'), 12.5);
  assert.equal(serverMs('db;dur=3, app;dur=7'), 7);
  assert.equal(serverMs(['cache;dur=1', 'app;dur=4.0']), 4);
  assert.equal(serverMs(undefined), undefined);
  assert.equal(serverMs('myapp;dur=9'), undefined, 'another metric of a similar name');
});

test("the machine's CPU counters from /proc/stat: all of them, the hypervisor's steal and idle", () => {
  const stat =
    'cpu  303898 3500 45043 190480 2548 0 6957 9965 0 0\ncpu0 151000 1700 22000 95000 1200 0 3400 5000 0 0\n';
  assert.deepEqual(cpuCounters(stat), {
    total: 303898 + 3500 + 45043 + 190480 + 2548 + 0 + 6957 + 9965,
    steal: 9965,
    idle: 190480 + 2548,
  });
  assert.equal(cpuCounters('cpu0 1 2 3 4 5 6 7 8\n'), undefined, 'only the line of all CPUs counts');
  assert.equal(cpuCounters('cpu  1 2 3 4\n'), undefined, 'a kernel without a steal field');
});

test('steal over the step and in its worst half second: one burst among quiet samples', () => {
  // 40 samples 50 ms apart on 2 CPUs (10 jiffies each); samples 20-25 lose 8 of their 10 jiffies to steal.
  const samples = [{ total: 0, steal: 0 }];
  for (let i = 1; i < 40; i++) {
    const last = samples.at(-1)!;
    samples.push({ total: last.total + 10, steal: last.steal + (i >= 20 && i < 26 ? 8 : 0) });
  }
  const shares = stealShares(samples, 10);
  assert.equal(shares.overall, 48 / 390);
  assert.equal(shares.worst, 48 / 100);
  assert.ok(Number.isNaN(stealShares([{ total: 5, steal: 0 }], 10).overall), 'one sample is no interval');
  assert.equal(stealShares(samples.slice(0, 4), 10).worst, 0, 'fewer samples than a window: all of them');
});

test('the time all tasks stalled on I/O, from a /proc/pressure file', () => {
  const io =
    'some avg10=0.96 avg60=1.54 avg300=0.78 total=23851246\nfull avg10=0.34 avg60=0.84 avg300=0.44 total=15772223\n';
  assert.equal(fullStallMicros(io), 15772223);
  assert.equal(fullStallMicros('some avg10=0.00 avg60=0.00 avg300=0.00 total=5\n'), undefined);
});
