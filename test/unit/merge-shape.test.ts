// MergeShape writes several layers of one object as jsonb text without merging them: it must give the
// same text as merging them (Object.assign, lowest layer first) and writing the result (jsonbText).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assignMembers, JsonbText, jsonbText, MergeShape } from '../../src/resources/engine/jsonb-text.js';

/** What the shape must write: the layers merged, the highest (first) last, then written as jsonb. */
const merged = (layers: object[]) => jsonbText(assignMembers({}, ...[...layers].reverse()));

describe('MergeShape', () => {
  test('the first layer that has a key gives its value; a null leaves the member out', () => {
    const shape = new MergeShape(['title', 'tags', 'number', '_id', 'status', 'assignment']);
    const layers = [
      { assignment: new JsonbText('{"a": 1}') },
      { _id: 'j1', number: 7, status: { status: 1, createdAt: 'x' }, title: null },
      { title: 'from the document', tags: ['a'], number: 3 },
      { tags: [], title: 'unset' },
    ];
    const text = shape.text(...layers);
    assert.equal(
      text,
      '{"_id": "j1", "tags": ["a"], "number": 7, "status": {"status": 1, "createdAt": "x"}, "assignment": {"a": 1}}',
    );
    assert.equal(text, merged(layers));
  });

  test('keys beyond the declared ones are learned and take their place in jsonb order', () => {
    const shape = new MergeShape(['from', 'to']);
    const layers = [{ to: 2 }, { from: 1, zz: true, é: 'ü', '10': 'ten', '9': 'nine', longerKey: [null, 1] }];
    assert.equal(shape.text(...layers), merged(layers));
    // The learned keys stay: the next record with them is written the same way.
    const next = [{ é: 'x' }, { '9': 0, from: 5 }];
    assert.equal(shape.text(...next), merged(next));
  });

  test('a member named __proto__ is kept as a member, as the plain merge keeps it', () => {
    const shape = new MergeShape(['a']);
    const doc = JSON.parse('{"a": 1, "__proto__": {"polluted": true}}') as object;
    const text = shape.text({}, doc);
    assert.equal(text, merged([{}, doc]));
    assert.match(text, /"__proto__": \{"polluted": true\}/);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('empty layers and layers of nulls write an empty object', () => {
    const shape = new MergeShape(['a', 'b']);
    assert.equal(shape.text({}, { a: null }, { b: undefined }), '{}');
  });

  test('random layers give the merged text', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const keys = ['a', 'bb', 'ab', 'ccc', 'status', '1', '02', 'ä', 'zz', 'x_y'];
    const values = [null, 0, 1.5, 'text', true, [], ['a', null], { b: 1, a: null }, new JsonbText('{"k": 1}')];
    const shape = new MergeShape(keys.slice(0, 4));
    for (let round = 0; round < 300; round++) {
      const layers = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const layer: Record<string, unknown> = {};
        for (const key of keys) if (random() < 0.4) layer[key] = values[Math.floor(random() * values.length)];
        return layer;
      });
      assert.equal(shape.text(...layers), merged(layers), JSON.stringify(layers));
    }
  });
});
