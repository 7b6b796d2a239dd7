// Rows of implicit reads (platform/db/row-shapes.ts) come out as node-postgres's own Result makes them, and a
// named statement's shape is kept per connection until its columns differ.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import pg from 'pg';
import { rowShapeOf } from '../../src/platform/db/row-shapes.js';
import '../../src/platform/db/database.js'; // the project's type parsers (bigint, numeric, timestamptz)

const require = createRequire(import.meta.url);
const PgResult = require('pg/lib/result.js') as new (
  rowMode: undefined,
  types: unknown,
) => { addFields(fields: unknown[]): void; parseRow(values: unknown[]): unknown };

const types = { getTypeParser: (oid: number, format: string) => pg.types.getTypeParser(oid, format as 'text') };
const field = (name: string, dataTypeID: number) => ({ name, dataTypeID, format: 'text' });

describe('row shapes', () => {
  test("rows as node-postgres's Result makes them: types, nulls, a repeated name's last value, the key order", () => {
    const fields = [
      field('id', 25),
      field('n', 20),
      field('amount', 1700),
      field('at', 1184),
      field('flag', 16),
      field('doc', 3802),
      field('id', 25),
    ];
    const rows: Array<Array<string | null>> = [
      ['a', '9007199254740993', '12.50', '2026-03-01 23:00:00+00', 't', '{"x":[1,2]}', 'b'],
      [null, null, null, null, null, null, null],
    ];
    const expected = new PgResult(undefined, undefined);
    expected.addFields(fields);
    const shape = rowShapeOf({}, undefined, fields, types);
    for (const values of rows) {
      const ours = shape.row(values);
      const theirs = expected.parseRow(values) as Record<string, unknown>;
      assert.deepEqual(ours, theirs);
      assert.deepEqual(Object.keys(ours), Object.keys(theirs));
    }
  });

  test("a named statement's shape is kept on its connection, and made anew when its columns differ", () => {
    const connection = {};
    const first = rowShapeOf(connection, 'crewbase_1', [field('a', 25)], types);
    assert.equal(rowShapeOf(connection, 'crewbase_1', [field('a', 25)], types), first, 'kept');
    assert.notEqual(rowShapeOf({}, 'crewbase_1', [field('a', 25)], types), first, 'per connection');
    const changed = rowShapeOf(connection, 'crewbase_1', [field('a', 23)], types);
    assert.notEqual(changed, first);
    assert.deepEqual(changed.row(['7']), { a: 7 });
    assert.notEqual(rowShapeOf(connection, undefined, [field('a', 25)], types), first, 'an unnamed one is never kept');
  });
});
