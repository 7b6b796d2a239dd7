// First-use work (packages loaded lazily, state built from them) is done in the background after a start
// (warmUp, src/main.ts), one piece per turn of the event loop, so the first request that needs it does not wait.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { warmAfterStart, warmUp } from '../../src/platform/warm-up.js';
import { isKnownRegion } from '../../src/platform/regions.js';

describe('warm-up after start', () => {
  test('the holiday calendar is loaded and built in the background, before any question about regions', async () => {
    const warmed = await warmUp();
    assert.ok(warmed.includes('holiday calendar'), `warmed: ${warmed}`);
    const require = createRequire(import.meta.url);
    assert.ok(require.cache[require.resolve('date-holidays')], 'date-holidays is loaded');
    assert.equal(isKnownRegion({ country: 'DE', state: 'BY' }), true);
  });

  test('each piece runs in its own turn of the event loop; a failing piece is left for its request', async () => {
    const ran: string[] = [];
    warmAfterStart('first piece', () => ran.push('first'));
    warmAfterStart('failing piece', () => {
      throw new Error('not here');
    });
    warmAfterStart('last piece', () => ran.push('last'));
    const between: number[] = [];
    let finished = false;
    const warming = warmUp().finally(() => {
      finished = true;
    });
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      between.push(ran.length);
    }
    const warmed = await warming;
    assert.ok(warmed.includes('first piece') && warmed.includes('last piece'));
    assert.ok(!warmed.includes('failing piece'));
    assert.ok(
      between.some((count) => count === 1),
      `other work ran between the pieces: ${between}`,
    );
  });

  test('stops when the server stops', async () => {
    const stopping = new AbortController();
    stopping.abort();
    assert.deepEqual(await warmUp(stopping.signal), []);
  });
});
