// Route validators are built on first use, and after a start the server builds the rest in the background
// (warmValidators, src/main.ts), one per turn of the event loop, so no request waits for many of them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileValidator, unbuiltValidators, warmValidators } from '../../src/platform/http/validation.js';

const schema = (name: string) => ({
  type: 'object',
  properties: { [name]: { type: 'string', minLength: 2 } },
  required: [name],
});

describe('validator warm-up', () => {
  test('builds what no call has built, skips what a call built, and the validators still check', async () => {
    const a = compileValidator(schema('warmA'));
    const b = compileValidator(schema('warmB'));
    const before = unbuiltValidators();
    assert.ok(before >= 2);
    assert.deepEqual(a({ warmA: 'ok' }), [], 'a first call builds its validator');
    assert.equal(unbuiltValidators(), before - 1);
    const built = await warmValidators();
    assert.equal(built, before - 1, 'only the unbuilt ones');
    assert.equal(unbuiltValidators(), 0);
    assert.equal(b({ warmB: 'x' }).length, 1, 'a warmed validator refuses what it should');
    assert.deepEqual(b({ warmB: 'xy' }), []);
  });

  test('requests are answered between builds: each build is its own turn of the event loop', async () => {
    for (let i = 0; i < 5; i += 1) compileValidator(schema(`turn${i}`));
    const steps: number[] = [];
    const warming = warmValidators();
    // setImmediate callbacks queued now run between the builds, as an arriving request's I/O would.
    for (let i = 0; i < 5; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      steps.push(unbuiltValidators());
    }
    assert.equal(await warming, 5);
    assert.ok(
      steps.some((left) => left > 0 && left < 5),
      `other work ran while some were left: ${steps}`,
    );
  });

  test('stops when the server stops', async () => {
    compileValidator(schema('stopped'));
    const stopping = new AbortController();
    stopping.abort();
    assert.equal(await warmValidators(stopping.signal), 0);
    assert.equal(unbuiltValidators(), 1);
    await warmValidators();
  });
});
