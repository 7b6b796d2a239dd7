// The read router's planning guard (src/platform/db/read-routing.ts): a company's frames are read on a
// replica only once it has replayed the primary's position taken after every plan of the company ended.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ReadRouter } from '../../src/platform/db/read-routing.js';
import { deferred } from '../../src/platform/deferred.js';
import type { PrimaryPool } from '../../src/platform/db/primary-pool.js';
import type { ReplicaPool } from '../../src/platform/db/replica-pool.js';

/** A primary whose WAL position the test moves; `reading` runs while the position is read. */
function fakePrimary() {
  const state = { position: 0x100, fails: false, reading: async () => {} };
  const pool = {
    connect: async () => ({
      query: async () => {
        await state.reading();
        if (state.fails) throw new Error('connection lost');
        const position = state.position;
        return { rows: [{ lsn: `0/${position.toString(16).toUpperCase()}` }] };
      },
      release() {},
    }),
  };
  return { state, pool: pool as unknown as PrimaryPool };
}

function setup() {
  const primary = fakePrimary();
  const replica = { usable: true, replayed: 0n } as ReplicaPool;
  const router = new ReadRouter([replica], primary.pool, 1000, false);
  const guard = { companyId: 'c1', client: undefined };
  /** Whether the replica, having replayed up to `position`, may answer the company's read. */
  const onReplicaAt = (position: number) => {
    replica.replayed = BigInt(position);
    return router.pick(guard) === replica;
  };
  return { primary, router, onReplicaAt };
}

describe('read router: planning a company on the primary', () => {
  test("no replica answers while a plan runs; afterwards one that replayed the plan's position does", async () => {
    const { primary, router, onReplicaAt } = setup();
    const gate = deferred();
    const planning = router.planOnPrimary('c1', async () => {
      await gate.promise;
      primary.state.position = 0x200; // the plan's writes
      return 'answer';
    });
    assert.equal(onReplicaAt(0x1000), false, 'planning: the primary answers');
    gate.resolve();
    assert.equal(await planning, 'answer');
    assert.equal(onReplicaAt(0x1ff), false, 'a replica behind the plan');
    assert.equal(onReplicaAt(0x200), true, 'a replica that replayed the plan');
  });

  test('a plan that ends while another of the company runs does not release it', async () => {
    const { primary, router, onReplicaAt } = setup();
    const second = deferred();
    await router.planOnPrimary('c1', async () => {
      primary.state.position = 0x200;
      void router.planOnPrimary('c1', async () => {
        await second.promise;
        primary.state.position = 0x300;
      });
    });
    assert.equal(onReplicaAt(0x10_000), false, 'the other plan still runs');
    second.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(onReplicaAt(0x2ff), false, "the position is taken after the later plan's writes");
    assert.equal(onReplicaAt(0x300), true);
  });

  test('a plan that starts and ends while the position is read has it read again', async () => {
    const { primary, router, onReplicaAt } = setup();
    let reads = 0;
    primary.state.reading = async () => {
      reads += 1;
      if (reads === 1)
        await router.planOnPrimary('c1', async () => {
          primary.state.position = 0x400;
        });
    };
    await router.planOnPrimary('c1', async () => {
      primary.state.position = 0x200;
    });
    assert.equal(onReplicaAt(0x3ff), false, 'the plan that ran during the first read is waited for');
    assert.equal(onReplicaAt(0x400), true);
  });

  test('when the position cannot be read, the company stays on the primary until a plan records one', async () => {
    const { primary, router, onReplicaAt } = setup();
    primary.state.fails = true;
    await router.planOnPrimary('c1', async () => {
      primary.state.position = 0x200;
    });
    assert.equal(onReplicaAt(0xffff_ffff), false);
    primary.state.fails = false;
    await router.planOnPrimary('c1', async () => {});
    assert.equal(onReplicaAt(0x200), true);
  });

  test("a failed plan's writes are waited for too, and its failure reaches the caller", async () => {
    const { primary, router, onReplicaAt } = setup();
    await assert.rejects(
      router.planOnPrimary('c1', async () => {
        primary.state.position = 0x500;
        throw new Error('plan failed');
      }),
      /plan failed/,
    );
    assert.equal(onReplicaAt(0x4ff), false);
    assert.equal(onReplicaAt(0x500), true);
  });
});
