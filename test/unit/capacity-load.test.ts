// bench:capacity's load: the open-loop scheduler sends at the intended times whatever the answers do, and
// counts latency from the intended time (no coordinated omission); the peak-hour profile's mix is what
// its table says. Driven by a fake clock: nothing here waits.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PEAK_HOUR,
  perCompanyPerSecond,
  typeFor,
  type CompanyView,
  type PlannedWindow,
} from '../../bench/capacity-profile.js';
import { intendedAt, percentile, runOpenLoop, summarize } from '../../bench/lib/open-loop.js';

/** A fake clock: sleep advances it. */
function fakeClock() {
  let time = 0;
  return {
    now: () => time,
    sleep: async (ms: number) => void (time += Math.max(ms, 0.5)),
    advance: (ms: number) => (time += ms),
  };
}

describe('open-loop scheduler', () => {
  test('sends rate x seconds requests at evenly spaced intended times, however slow the answers', async () => {
    const clock = fakeClock();
    const sentAt: number[] = [];
    const never = new Map<number, () => void>();
    const run = runOpenLoop({
      rate: 100,
      seconds: 2,
      now: clock.now,
      sleep: clock.sleep,
      send: (i) => {
        sentAt.push(clock.now());
        // No answer comes until the whole step is sent: a closed loop would have sent one request per connection.
        return { type: 'slow', done: new Promise<boolean>((resolve) => never.set(i, () => resolve(true))) };
      },
    });
    while (sentAt.length < 200) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(sentAt.length, 200);
    for (const [i, at] of sentAt.entries())
      assert.ok(at >= intendedAt(i, 100) && at < intendedAt(i, 100) + 5, `request ${i} at ${at}`);
    clock.advance(1000); // every answer comes 1 s after the last request left
    for (const resolve of never.values()) resolve();
    const samples = await run;
    assert.equal(samples.length, 200);
    // Latency from the intended time: the first request waited the whole 3 s, the last about 1 s.
    const latencies = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
    assert.ok(latencies[0]! >= 1000 && latencies[0]! < 1010, `min ${latencies[0]}`);
    assert.ok(latencies.at(-1)! >= 2990, `max ${latencies.at(-1)}`);
  });

  test('beyond maxInFlight a request is not sent and counts as failed (shed)', async () => {
    const clock = fakeClock();
    let sent = 0;
    const samples = await runOpenLoop({
      rate: 10,
      seconds: 1,
      maxInFlight: 3,
      now: clock.now,
      sleep: clock.sleep,
      send: () => {
        sent++;
        return {
          type: 'stuck',
          done: sent <= 3 ? new Promise<boolean>((r) => setTimeout(() => r(true), 1)) : Promise.resolve(true),
        };
      },
    });
    assert.equal(samples.length, 10);
    assert.ok(samples.filter((s) => s.type === 'shed' && !s.ok).length >= 1);
  });

  test('p50/p99 per type and over all, failures counted', () => {
    const samples = Array.from({ length: 100 }, (_, i) => ({
      type: i % 2 ? 'a' : 'b',
      latencyMs: i + 1,
      ok: i !== 99,
    }));
    const stats = new Map(summarize(samples).map((s) => [s.type, s]));
    assert.deepEqual(
      [stats.get('*')!.count, stats.get('*')!.p50, stats.get('*')!.p99, stats.get('*')!.failed],
      [100, 50, 99, 1],
    );
    assert.equal(stats.get('a')!.count, 50);
    assert.equal(percentile([], 0.5), Number.NaN);
  });
});

describe('peak-hour profile', () => {
  test('each type is drawn as often as its share of the hour', () => {
    const total = PEAK_HOUR.reduce((sum, t) => sum + t.perHour, 0);
    assert.equal(perCompanyPerSecond(), total / 3600);
    const counts = new Map<string, number>();
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const name = typeFor((i + 0.5) / draws).name;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    for (const type of PEAK_HOUR) {
      const share = (counts.get(type.name) ?? 0) / draws;
      assert.ok(Math.abs(share - type.perHour / total) < 0.001, `${type.name}: ${share}`);
    }
    assert.equal(typeFor(0).name, PEAK_HOUR[0]!.name);
    assert.equal(typeFor(0.999999).name, PEAK_HOUR.at(-1)!.name);
  });

  test('the crew app clocks in on a job of the day and out of it as its employee, and the manager approves what was clocked out', () => {
    const company: CompanyView = {
      companyId: 'c1',
      token: 'office',
      crewTokens: ['t-u1', 't-u2'],
      userIds: ['u1', 'u2'],
      customerIds: ['k1'],
      objectIds: ['o1'],
      jobsToday: ['j1', 'j2'],
      jobsTodayOf: [[], ['j1', 'j2']], // u1 has no job today
      openJobs: [[], ['j1', 'j2']],
      started: [],
      toApprove: [],
    };
    const window: PlannedWindow = {
      from: Date.UTC(2026, 0, 5),
      until: Date.UTC(2026, 0, 19),
      today: Date.UTC(2026, 0, 7),
    };
    const byName = (name: string) => PEAK_HOUR.find((t) => t.name === name)!;
    const start = byName('crew: clock in').build(company, () => 0, window);
    assert.deepEqual([start.path, start.as], ['/v2/jobs/j2/start', 1], 'the employee with jobs, their own job');
    start.after?.({});
    const stop = byName('crew: clock out').build(company, () => 0, window);
    assert.deepEqual([stop.path, stop.as], ['/v2/jobs/j2/stop', 1], 'clocked out by whoever clocked in');
    stop.after?.({ timeTrackingId: 'e1' });
    const approve = byName('manager: approve').build(company, () => 0, window);
    assert.deepEqual([approve.path, approve.as], ['/v2/timeTracking/e1/approve', undefined], 'the office approves');
    // Nothing left to approve: the manager reads the list; nothing clocked in: a clock-out meets a job of the day.
    assert.equal(byName('manager: approve').build(company, () => 0, window).method, 'GET');
    const late = byName('crew: clock out').build(company, (n) => n - 1, window);
    assert.deepEqual([late.path, late.as], ['/v2/jobs/j2/stop', 1]);
    // Every job of the employee clocked in: one of them again (409).
    byName('crew: clock in').build(company, () => 0, window);
    assert.equal(byName('crew: clock in').build(company, () => 0, window).path, '/v2/jobs/j1/start');
    const today = byName('crew: today').build(company, () => 0, window);
    assert.deepEqual(today.body, { from: window.today, to: window.today + 86_400_000, userIds: ['u1'] });
    assert.equal(today.as, 0, "an employee's day, asked by that employee");
    const week = byName('dispatch: employee week (Q1)').build(company, () => 0, window).body as {
      from: number;
      to: number;
    };
    assert.equal(week.to - week.from, 7 * 86_400_000);
    assert.ok(week.from >= window.from && week.to <= window.until);
  });
});
