// applyMergePatch against RFC 7396 (JSON Merge Patch), including the examples of its appendix A.
import type { Json } from '../helpers/test-app.js';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch } from '../../src/resources/engine/merge-patch.js';

describe('applyMergePatch: RFC 7396 appendix A', () => {
  const cases: Array<[unknown, unknown, unknown]> = [
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  for (const [target, patch, expected] of cases) {
    test(`${JSON.stringify(target)} + ${JSON.stringify(patch)} = ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(applyMergePatch(target, patch), expected);
    });
  }
});

describe('applyMergePatch: behaviour the engine relies on', () => {
  test('fields absent from the patch are kept, at every depth', () => {
    const doc = {
      name: 'Acme',
      address: { street: 'Ring 1', city: 'Bonn', geo: { lat: 50.7, lon: 7.1 } },
      tags: ['a'],
    };
    assert.deepEqual(applyMergePatch(doc, { address: { geo: { lat: 51 } } }), {
      name: 'Acme',
      address: { street: 'Ring 1', city: 'Bonn', geo: { lat: 51, lon: 7.1 } },
      tags: ['a'],
    });
  });

  test('an empty patch returns an equal copy', () => {
    const doc = { name: 'Acme', address: { city: 'Bonn' } };
    const result = applyMergePatch(doc, {}) as typeof doc;
    assert.deepEqual(result, doc);
    assert.notEqual(result, doc);
  });

  test('the target is never modified', () => {
    const doc = { name: 'Acme', address: { city: 'Bonn', zip: '53111' }, contact: { email: 'x@y.example' } };
    const snapshot = structuredClone(doc);
    const result = applyMergePatch(doc, {
      name: 'New',
      address: { city: null, street: 'Neu 1' },
      contact: null,
    }) as Record<string, Json>;
    assert.deepEqual(doc, snapshot);
    assert.deepEqual(result, { name: 'New', address: { zip: '53111', street: 'Neu 1' } });
    assert.notEqual(result.address, doc.address);
  });

  test('arrays and scalars replace wholesale; falsy values are values, not removals', () => {
    assert.deepEqual(
      applyMergePatch({ tags: ['a', 'b'], n: 5, ok: true, s: 'x' }, { tags: [], n: 0, ok: false, s: '' }),
      { tags: [], n: 0, ok: false, s: '' },
    );
  });

  test('a patched object replaces a scalar or array target', () => {
    assert.deepEqual(applyMergePatch({ a: 'text' }, { a: { b: 1 } }), { a: { b: 1 } });
    assert.deepEqual(applyMergePatch({ a: [1, 2] }, { a: { b: 1, c: null } }), { a: { b: 1 } });
    assert.deepEqual(applyMergePatch(undefined, { a: 1 }), { a: 1 });
  });

  test('removing a missing key is harmless', () => {
    assert.deepEqual(applyMergePatch({ a: 1 }, { zzz: null, nested: { q: null } }), { a: 1, nested: {} });
  });

  test('a __proto__ key in a parsed patch does not pollute Object.prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": "yes"}, "name": "x"}');
    const result = applyMergePatch({ name: 'a' }, patch) as Record<string, unknown>;
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
    assert.equal(result.name, 'x');
  });
});
