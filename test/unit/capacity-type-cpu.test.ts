// bench:capacity's per-type phase (bench/lib/type-cpu.ts): each type alone, two servers taking turns with the
// order swapped every round, CPU summed per server and type, and the mix weighted by the profile. Driven by
// fake servers and a fake CPU reading: nothing here starts a process or waits.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import type { RequestType } from '../../bench/capacity-profile.js';
import { formatTypeCpu, measureTypeCpu, type MeasuredServer } from '../../bench/lib/type-cpu.js';

const type = (name: string, perHour: number) => ({ name, perHour }) as RequestType;
const TYPES = [type('read', 30), type('write', 10)];

/** A fake server: records which type it was sent, answers as expected unless told otherwise. */
function fakeServer(label: string, log: string[], expected = true): MeasuredServer {
  return {
    label,
    child: { pid: label.length } as ChildProcess,
    send: async (t) => {
      log.push(`${label}:${t.name}`);
      return expected;
    },
  };
}

describe('per-type CPU', () => {
  test('two servers take turns type by type, the order swapped every round; sums per server and type', async () => {
    const log: string[] = [];
    const servers = [fakeServer('other', log), fakeServer('this', log, false)];
    // CPU per turn: 'other' 2 ms API and 1 ms PostgreSQL per request, 'this' half of that.
    const result = await measureTypeCpu({
      types: TYPES,
      requests: 3,
      concurrency: 2,
      servers,
      rounds: 2,
      databaseUrl: 'postgres://unused/none',
      idleSeconds: 0,
      coolSeconds: 0,
      cpu: async (child, work) => {
        const before = log.length;
        await work();
        const sent = log.length - before;
        const factor = child === servers[0]!.child ? 1 : 0.5;
        return { apiMs: 2 * sent * factor, pgMs: sent * factor };
      },
    });
    // Each turn sends its 3 requests to one server; round 1 other first, round 2 this first.
    const turns = log.filter((_, i) => i % 3 === 0);
    assert.deepEqual(turns, [
      'other:read',
      'this:read',
      'other:write',
      'this:write',
      'this:read',
      'other:read',
      'this:write',
      'other:write',
    ]);
    const [other, self] = result.byServer;
    assert.deepEqual(
      other!.map((t) => [t.name, t.count, t.failed, t.apiMs, t.pgMs]),
      [
        ['read', 6, 0, 12, 6],
        ['write', 6, 0, 12, 6],
      ],
    );
    assert.deepEqual(
      self!.map((t) => [t.name, t.count, t.failed, t.apiMs, t.pgMs]),
      [
        ['read', 6, 6, 6, 3],
        ['write', 6, 6, 6, 3],
      ],
    );
  });

  test('the mix weights each type by its share of the hour; shares of the mix add up to 100 %', () => {
    const row = (name: string, perHour: number, apiMs: number, pgMs: number) => ({
      name,
      perHour,
      count: 10,
      failed: 0,
      apiMs: apiMs * 10,
      pgMs: pgMs * 10,
    });
    const idle = { name: 'idle (per second)', perHour: 0, count: 5, failed: 0, apiMs: 10, pgMs: 5 };
    // read: 1 ms + 1 ms, 3 of 4 requests; write: 5 ms + 3 ms, 1 of 4. Mix: API 2, PostgreSQL 1.5; shares 43 and 57 %.
    const one = formatTypeCpu({ idle, byServer: [[row('read', 30, 1, 1), row('write', 10, 5, 3)]] }, ['this']);
    const lines = one.split('\n');
    assert.match(lines.find((l) => l.startsWith('read'))!, /1\.00\s+1\.00\s+43 %$/);
    assert.match(lines.find((l) => l.startsWith('write'))!, /5\.00\s+3\.00\s+57 %$/);
    assert.match(lines.find((l) => l.startsWith('mix'))!, /2\.00\s+1\.50\s+100 %$/);
    assert.match(lines.find((l) => l.startsWith('idle'))!, /2\.00\s+1\.00\s*$/);

    // Two servers: the second's mix as a share of the first's.
    const two = formatTypeCpu(
      {
        idle,
        byServer: [
          [row('read', 30, 1, 1), row('write', 10, 5, 3)],
          [row('read', 30, 0.5, 1), row('write', 10, 2.5, 3)],
        ],
      },
      ['other', 'this'],
    );
    assert.match(two.split('\n').find((l) => l.startsWith('mix'))!, /2\.00\s+1\.00\s+50 %\s+1\.50\s+1\.50\s+100 %$/);
  });
});
