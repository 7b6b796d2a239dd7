// documentMembers keeps a document's members as the text the database printed instead of parsing and writing
// them again (jsonb-text.ts): written through a MergeShape, the text must be what the parsed document gave.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareKeys,
  documentMembers,
  JsonbText,
  jsonbMembers,
  jsonbText,
  MergeShape,
  memberValue,
  parseJsonbText,
} from '../../src/resources/engine/jsonb-text.js';

/** jsonb_out's text of a value, nulls kept (as a stored document may hold them). */
function jsonbOut(value: unknown): string {
  if (value instanceof JsonbText) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonbOut).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort(compareKeys);
    return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbOut((value as Record<string, unknown>)[key])}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** What a shaped read wrote before: the document parsed, then written. */
const parsedThenWritten = (text: string, shape: MergeShape, below: object) =>
  shape.text(parseJsonbText(text) as object, below);

describe('document members kept as text', () => {
  test('each member is its printed text; a null member is null; an object or array with a null inside is parsed', () => {
    const text =
      '{"a": 1.50, "b": "x, y}", "c": null, "nested": {"k": [1, {"z": 2}]}, "withNull": {"k": null, "l": 1}}';
    const members = jsonbMembers(text)!;
    assert.deepEqual(Object.keys(members), ['a', 'b', 'c', 'nested', 'withNull']);
    assert.deepEqual(members.a, new JsonbText('1.50'));
    assert.deepEqual(members.b, new JsonbText('"x, y}"'));
    assert.equal(members.c, null);
    assert.deepEqual(members.nested, new JsonbText('{"k": [1, {"z": 2}]}'));
    assert.deepEqual(members.withNull, { k: null, l: 1 });
    assert.deepEqual(memberValue(members.nested), { k: [1, { z: 2 }] });
    assert.deepEqual(jsonbMembers('{}'), Object.create(null));
  });

  test('escaped keys are decoded; a member named __proto__ stays a member', () => {
    const members = jsonbMembers('{"a\\"b": 1, "__proto__": {"polluted": true}}')!;
    assert.deepEqual(Object.keys(members), ['a"b', '__proto__']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(members, '__proto__')?.value, new JsonbText('{"polluted": true}'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('what is not an object is left to the parser', () => {
    assert.equal(jsonbMembers('[1, 2]'), undefined);
    assert.equal(jsonbMembers('"text"'), undefined);
    assert.deepEqual(documentMembers('[1, 2]'), [1, 2]);
  });

  test('random documents write the same text as when parsed', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const keys = ['a', 'bb', 'ab', 'from', 'title', '1', 'ä', 'q"uote', 'back\\slash', '__proto__', 'started'];
    const scalars = [
      null,
      0,
      -3,
      1.5,
      new JsonbText('2.50'),
      new JsonbText('12345678901234567890'),
      'text',
      'null',
      'a, "b"}',
      'ü\n\t',
      true,
      false,
    ];
    const value = (depth: number): unknown => {
      const kind = random();
      if (depth > 2 || kind < 0.5) return pick(scalars);
      if (kind < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      const object: Record<string, unknown> = {};
      for (const key of keys.slice(0, 6)) if (random() < 0.4) object[key] = value(depth + 1);
      return object;
    };
    const below = { title: 'unset', bb: [], zz: 'unset only' };
    for (let round = 0; round < 500; round++) {
      const doc: Record<string, unknown> = {};
      for (const key of keys)
        if (random() < 0.5) Object.defineProperty(doc, key, { value: value(0), enumerable: true, writable: true });
      const text = jsonbOut(doc);
      const shape = new MergeShape(keys.slice(0, 3 + (round % 5)));
      assert.equal(shape.text(documentMembers(text), below), parsedThenWritten(text, new MergeShape([]), below), text);
      // Written from the document's text as it is, between layers above and below it: the same text.
      const above = [
        { from: pick(scalars), 'q"uote': value(1) },
        { a: value(1), 1: new JsonbText('{"k": 1}') },
      ];
      const known = new MergeShape(keys);
      for (const lowest of [below, { title: 'unset', bb: [] }])
        assert.equal(
          known.recordText(above[0]!, above[1]!, text, lowest),
          new MergeShape([]).text(above[0]!, above[1]!, parseJsonbText(text) as object, lowest),
          text,
        );
    }
    // The text is the document's own: numbers JavaScript would print otherwise stay as printed.
    const printed = '{"n": 1.50, "big": 12345678901234567890, "list": [1.0, 2]}';
    assert.equal(jsonbText(documentMembers(printed)), printed);
  });
});
