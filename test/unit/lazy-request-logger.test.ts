// A request's logger is made at its first line: at levels that write nothing for it, no pino child is built;
// a line written carries the same bindings (reqId, then company and user) as an eager child's would.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { lazyChild } from '../../src/platform/http/lazy-request-logger.js';

function logger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const parent = pino({ level }, stream);
  let children = 0;
  // Counted on every logger of the chain (children inherit it), each still the child of the one it is called on.
  const child = parent.child;
  parent.child = function (this: typeof parent, ...args: Parameters<typeof child>) {
    children += 1;
    return child.apply(this, args);
  } as typeof parent.child;
  return { parent, lines, children: () => children };
}

describe('lazy request logger', () => {
  test('at warn, a request that writes no line builds no child', () => {
    const { parent, lines, children } = logger('warn');
    const request = lazyChild(parent, { reqId: 'r1' }, { level: 'warn' });
    const authenticated = request.child({ companyId: 'c1', userId: 'u1' });
    authenticated.info({ res: 1 }, 'request completed');
    request.debug('nothing');
    assert.equal(children(), 0);
    assert.equal(lines.length, 0);
    assert.equal(authenticated.level, 'warn');
  });

  test('a line written carries the bindings of every level of children, as an eager child writes it', async () => {
    const { parent, lines, children } = logger('warn');
    const lazy = lazyChild(parent, { reqId: 'r2' }, { level: 'warn' }).child({ companyId: 'c1', userId: 'u1' });
    lazy.warn({ detail: 1 }, 'slow');
    lazy.error('failed');
    const eager = parent.child({ reqId: 'r2' }, { level: 'warn' }).child({ companyId: 'c1', userId: 'u1' });
    eager.warn({ detail: 1 }, 'slow');
    await new Promise((resolve) => setImmediate(resolve));
    const strip = ({ time: _time, ...line }: Record<string, unknown>) => line;
    assert.deepEqual(strip(lines[0]!), strip(lines[2]!));
    assert.deepEqual(
      [lines[0], lines[1]].map((line) => [line!.msg, line!.reqId, line!.companyId, line!.userId, line!.level]),
      [
        ['slow', 'r2', 'c1', 'u1', 40],
        ['failed', 'r2', 'c1', 'u1', 50],
      ],
    );
    assert.equal(children(), 3, 'one child for the lazy pair, made once; two for the eager pair');
  });

  test("a route's own level (Fastify's options) decides, and a level set later is honoured", () => {
    const { parent, lines } = logger('warn');
    const chatty = lazyChild(parent, { reqId: 'r3' }, { level: 'debug' });
    chatty.debug('seen');
    const quiet = lazyChild(parent, { reqId: 'r4' });
    quiet.info('not seen');
    quiet.level = 'info';
    quiet.info('seen after the change');
    assert.deepEqual(
      lines.map((line) => [line.msg, line.reqId]),
      [
        ['seen', 'r3'],
        ['seen after the change', 'r4'],
      ],
    );
  });
});
