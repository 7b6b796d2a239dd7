// Writes leave reads a quarter of the pool (platform/db/write-gate.ts): the gate's order and bounds, and on
// PostgreSQL a read that goes on while writes hold every slot they may take.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { openDatabase } from '../../src/platform/db/database.js';
import { WriteGate, writeSlots } from '../../src/platform/db/write-gate.js';
import { deferred } from '../../src/platform/deferred.js';

describe('write gate', () => {
  test('a quarter of the pool (at least one connection) stays for reads; one slot at the least', () => {
    assert.deepEqual(
      [1, 2, 4, 8, 10, 20].map((size) => writeSlots(size)),
      [1, 1, 3, 6, 8, 15],
    );
  });

  test('writes beyond the slots wait, and start in the order they came as slots free up', async () => {
    const gate = new WriteGate(2);
    const started: number[] = [];
    const holds = [0, 1, 2, 3].map(() => deferred());
    const runs = holds.map((hold, i) =>
      gate.run(async () => {
        started.push(i);
        await hold.promise;
        return i;
      }),
    );
    await sleep(10);
    assert.deepEqual(started, [0, 1]);
    assert.equal(gate.waiting, 2);
    assert.equal(gate.hasFree(), false);
    holds[1]!.resolve();
    await sleep(10);
    assert.deepEqual(started, [0, 1, 2], 'the first waiting write takes the freed slot');
    holds[0]!.resolve();
    holds[2]!.resolve();
    holds[3]!.resolve();
    assert.deepEqual(await Promise.all(runs), [0, 1, 2, 3]);
    assert.equal(gate.waiting, 0);
    assert.equal(gate.hasFree(), true);
  });

  test('a failed write frees its slot', async () => {
    const gate = new WriteGate(1);
    await assert.rejects(
      gate.run(async () => {
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.equal(await gate.run(async () => 'next'), 'next');
  });

  test('a free slot is taken at once, before the call returns: a check of hasFree() then holds', () => {
    const gate = new WriteGate(1);
    const hold = deferred();
    assert.equal(gate.hasFree(), true);
    const running = gate.run(() => hold.promise);
    assert.equal(gate.hasFree(), false, 'taken synchronously: a second caller checking now sees it');
    hold.resolve();
    return running.then(() => assert.equal(gate.hasFree(), true));
  });

  test('PostgreSQL: a read goes on while writes hold all their slots and more wait', async (ctx) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return ctx.skip('TEST_DATABASE_URL is not set');
    // A pool of 4: 3 write slots. Five writes held open would have taken all 4 connections without the gate.
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    const hold = deferred();
    try {
      const writes = Array.from({ length: 5 }, () =>
        database.transaction('BEGIN', false, async (db) => {
          await sql`SELECT 1`.execute(db);
          await hold.promise;
        }),
      );
      await sleep(100);
      const read = database.transaction('BEGIN', true, async (db) => sql<{ one: number }>`SELECT 1 AS one`.execute(db));
      const answered = await Promise.race([read.then((r) => r.rows[0]!.one), sleep(5000, 'waited', { ref: false })]);
      assert.equal(answered, 1);
      assert.equal(database.connectionStats!().writesWaiting, 2);
      assert.equal(database.hasFreeConnection!(), false, 'no write slot free: a write beside would wait');
      hold.resolve();
      await Promise.all(writes);
      assert.equal(database.connectionStats!().writesWaiting, 0);
    } finally {
      hold.resolve();
      await database.close();
    }
  });
});
