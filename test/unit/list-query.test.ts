// buildFieldIndex and the list-query parsers, without a database: conditions are compiled to SQL
// text and parameters with Kysely's dummy driver.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import { buildFieldIndex } from '../../src/platform/http/field-index.js';
import { DEFAULT_LIST, parseDynamicFilter, parseListQuery, parseSort } from '../../src/platform/http/list-query.js';
import { HttpError } from '../../src/platform/http/errors.js';
import { users } from '../../src/modules/users/users-resource.js';
import { customers } from '../../src/resources/customers.js';
import type { DB } from '../../src/platform/db/schema.generated.js';

const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compile = (raw: RawBuilder<unknown>) => {
  const { sql, parameters } = raw.compile(db);
  return { sql, parameters: [...parameters] };
};

const ID1 = '0123456789abcdef01234567';
const ID2 = 'fedcba9876543210fedcba98';
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    price: { type: 'number' },
    active: { type: 'boolean' },
    ownerId: { type: 'string', pattern: '^[0-9a-f]{24}$' },
    dueAt: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    validFrom: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string' } },
    kind: { anyOf: [{ const: 'a' }, { const: 'b' }] },
    color: { type: 'string', enum: ['red', 'blue'] },
    address: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        geo: {
          type: 'object',
          properties: {
            lat: { type: 'number' },
            deep: { type: 'object', properties: { deeper: { type: 'object', properties: { x: { type: 'string' } } } } },
          },
        },
      },
    },
    secret: { type: 'string', writeOnly: true },
    'bad-name': { type: 'string' },
    items: { type: 'array', items: { type: 'object' } },
    free: { type: 'object', additionalProperties: true },
    mixed: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
};
const index = buildFieldIndex(schema as Parameters<typeof buildFieldIndex>[0]);

/** Asserts that fn throws a 400 HttpError whose errors[] names `path`. */
function throws400(fn: () => unknown, path: string) {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof HttpError, String(error));
    assert.equal(error.status, 400);
    assert.deepEqual(
      error.errors?.map((e) => e.path),
      [path],
    );
    return true;
  });
}

describe('buildFieldIndex', () => {
  test('types, sortability and enum flags of the declared fields', () => {
    const summary = Object.fromEntries(
      [...index.values()].map((f) => [f.path, `${f.type}${f.sortable ? '' : ' unsortable'}${f.isEnum ? ' enum' : ''}`]),
    );
    assert.deepEqual(summary, {
      _id: 'objectid',
      number: 'number',
      'status.status': 'number',
      'status.createdAt': 'date',
      'status.createdBy': 'objectid',
      'status.lastModifiedAt': 'date',
      'status.lastModifiedBy': 'objectid',
      chatId: 'objectid',
      name: 'string',
      age: 'number',
      price: 'number',
      active: 'boolean',
      ownerId: 'objectid',
      dueAt: 'date',
      day: 'date',
      validFrom: 'date',
      tags: 'string[] unsortable',
      kind: 'string enum',
      color: 'string enum',
      'address.city': 'string',
      'address.geo.lat': 'number',
    });
  });

  test('common fields map to columns, document fields to typed JSON paths', () => {
    const expr = (path: string) => compile(index.get(path)!.sql as RawBuilder<unknown>).sql;
    assert.equal(expr('_id'), 'id');
    assert.equal(expr('status.createdAt'), 'created_at');
    assert.equal(expr('status.lastModifiedBy'), 'modified_by');
    assert.equal(expr('name'), `(doc #>> '{name}')`);
    assert.equal(expr('address.city'), `(doc #>> '{address,city}')`);
    assert.equal(expr('age'), `(doc #>> '{age}')::numeric`);
    assert.equal(expr('dueAt'), `(doc #>> '{dueAt}')::timestamptz`);
    assert.equal(expr('active'), `(doc #>> '{active}')::boolean`);
    assert.equal(expr('tags'), `(doc #> '{tags}')`);
  });

  test('never null: the common columns every record fills, and the columns of required top-level fields', () => {
    const fields = buildFieldIndex(
      {
        type: 'object',
        required: ['timeStart', 'note'],
        properties: {
          timeStart: { type: 'string', format: 'date-time' },
          timeEnd: { type: 'string', format: 'date-time' },
          note: { type: 'string' },
          place: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } },
        },
      },
      { timeStart: 'time_start', timeEnd: 'time_end', 'place.city': 'city' },
    );
    const neverNull = [...fields.values()].filter((field) => field.neverNull).map((field) => field.path);
    // Not created_by, modified_by or chat_id (columns a record may leave empty); not a required field kept only in
    // the document (`note`), an optional column (`timeEnd`) or a nested one (`place.city`).
    assert.deepEqual(neverNull.sort(), [
      '_id',
      'number',
      'status.createdAt',
      'status.lastModifiedAt',
      'status.status',
      'timeStart',
    ]);
  });

  test('real resources: write-only and unsafe fields are left out', () => {
    assert.equal(users.fields.has('password'), false);
    assert.equal(users.fields.get('general.lastName')?.type, 'string');
    assert.equal(users.fields.get('access.email')?.type, 'string');
    assert.equal(users.fields.get('contract.startDate')?.type, 'date');
    assert.equal(customers.fields.get('invoiceCCRecipientIds')?.type, 'string[]');
    assert.equal(customers.fields.get('paymentTermId')?.type, 'objectid');
    assert.equal(customers.fields.get('hideRecipientOnDocuments')?.type, 'boolean');
    assert.equal(customers.fields.has('contract'), false);
  });
});

describe('parseSort', () => {
  const terms = (raw: string, param?: string) =>
    parseSort(raw, index, param).map((s) => `${s.field.path}${s.descending ? ' desc' : ''}`);

  test('directions, several fields, dot notation and spaces', () => {
    assert.deepEqual(terms('name:1'), ['name']);
    assert.deepEqual(terms('name:-1'), ['name desc']);
    assert.deepEqual(terms('name'), ['name']);
    assert.deepEqual(terms('name:asc,age:desc'), ['name', 'age desc']);
    assert.deepEqual(terms('address.city:-1,status.createdAt:1,_id:-1'), [
      'address.city desc',
      'status.createdAt',
      '_id desc',
    ]);
    assert.deepEqual(terms(' name : -1 '), ['name desc']);
    assert.deepEqual(terms(''), []);
  });

  test('unknown, unsortable, badly directed or too many fields are 400 on the parameter', () => {
    throws400(() => parseSort('height:1', index), 'sort');
    throws400(() => parseSort('secret:1', index), 'sort');
    throws400(() => parseSort('tags:1', index), 'sort');
    throws400(() => parseSort('name:2', index), 'sort');
    throws400(() => parseSort('name:1,age:1,price:1,dueAt:1,day:1,_id:1', index), 'sort');
    throws400(() => parseSort('nope', index, 'sortKey'), 'sortKey');
  });
});

describe('parseDynamicFilter', () => {
  const one = (condition: Record<string, unknown>) => {
    const where = parseDynamicFilter(JSON.stringify([condition]), index);
    assert.equal(where.length, 1);
    return compile(where[0]!);
  };

  test('string operators, LIKE wildcards escaped', () => {
    assert.deepEqual(one({ field: 'name', type: 'string', op: 'eq', value: 'x' }), {
      sql: `(doc #>> '{name}') = $1`,
      parameters: ['x'],
    });
    assert.deepEqual(one({ field: 'name', op: 'ne', value: 'x' }), {
      sql: `(doc #>> '{name}') IS DISTINCT FROM $1`,
      parameters: ['x'],
    });
    assert.deepEqual(one({ field: 'name', op: 'in', value: ['a', 'b'] }), {
      sql: `(doc #>> '{name}') = ANY($1)`,
      parameters: [['a', 'b']],
    });
    assert.deepEqual(one({ field: 'name', op: 'in', value: 'a,b' }).parameters, [['a', 'b']]);
    assert.deepEqual(one({ field: 'name', op: 'contains', value: '50%_off\\' }), {
      sql: `(doc #>> '{name}') ILIKE $1`,
      parameters: ['%50\\%\\_off\\\\%'],
    });
    assert.deepEqual(one({ field: 'address.city', op: 'startsWith', value: 'Bo' }).parameters, ['Bo%']);
  });

  test('number, date, boolean, objectid and string[] values are coerced', () => {
    assert.deepEqual(one({ field: 'age', type: 'number', op: 'gt', value: '5' }), {
      sql: `(doc #>> '{age}')::numeric > $1`,
      parameters: [5],
    });
    assert.deepEqual(one({ field: 'price', op: 'between', value: [1, '2.5'] }), {
      sql: `(doc #>> '{price}')::numeric BETWEEN $1 AND $2`,
      parameters: [1, 2.5],
    });
    assert.deepEqual(one({ field: 'status.createdAt', type: 'date', op: 'gte', value: 0 }), {
      sql: 'created_at >= $1',
      parameters: ['1970-01-01T00:00:00.000Z'],
    });
    assert.deepEqual(one({ field: 'dueAt', op: 'lt', value: '2024-05-01T12:00:00+02:00' }).parameters, [
      '2024-05-01T10:00:00.000Z',
    ]);
    assert.deepEqual(one({ field: 'active', type: 'boolean', op: 'eq', value: 'false' }).parameters, [false]);
    assert.deepEqual(one({ field: 'ownerId', type: 'objectid', op: 'in', value: [ID1, ID2] }).parameters, [[ID1, ID2]]);
    assert.deepEqual(one({ field: 'tags', type: 'string', op: 'eq', value: 'vip' }), {
      sql: `(doc #> '{tags}') ?| $1::text[]`,
      parameters: [['vip']],
    });
    assert.deepEqual(one({ field: 'tags', op: 'in', value: ['a', 'b'] }).parameters, [['a', 'b']]);
  });

  test('accepts a parsed array and several conditions', () => {
    const where = parseDynamicFilter(
      [
        { field: 'name', op: 'eq', value: 'a' },
        { field: 'age', op: 'lte', value: 3 },
      ],
      index,
    );
    assert.deepEqual(
      where.map((w) => compile(w).sql),
      [`(doc #>> '{name}') = $1`, `(doc #>> '{age}')::numeric <= $1`],
    );
  });

  test('structural errors name the parameter or the condition', () => {
    throws400(() => parseDynamicFilter('[{"field":', index), 'filter');
    throws400(() => parseDynamicFilter('{"field":"name"}', index), 'filter');
    throws400(
      () =>
        parseDynamicFilter(
          JSON.stringify(Array.from({ length: 21 }, () => ({ field: 'name', op: 'eq', value: 'a' }))),
          index,
        ),
      'filter',
    );
    throws400(() => parseDynamicFilter('[null]', index), 'filter[0]');
    throws400(() => parseDynamicFilter('[{"op":"eq","value":1}]', index), 'filter[0].field');
    throws400(() => parseDynamicFilter('[{"field":"height","op":"eq","value":1}]', index), 'filter[0].field');
    throws400(() => parseDynamicFilter('[{"field":"secret","op":"eq","value":"x"}]', index), 'filter[0].field');
    throws400(
      () => parseDynamicFilter('[{"field":"name","type":"number","op":"eq","value":1}]', index),
      'filter[0].type',
    );
    throws400(() => parseDynamicFilter('[{"field":"name","op":"gt","value":"a"}]', index), 'filter[0].op');
    throws400(() => parseDynamicFilter('[{"field":"active","op":"ne","value":true}]', index), 'filter[0].op');
    throws400(() => parseDynamicFilter('[{"field":"ownerId","op":"contains","value":"a"}]', index), 'filter[0].op');
    throws400(
      () => parseDynamicFilter('[{"field":"name","op":"eq","value":"a"},{"field":"name"}]', index),
      'filter[1].op',
    );
    throws400(() => parseDynamicFilter('[{"field":"height","op":"eq"}]', index, 'filters'), 'filters[0].field');
  });

  test('values of the wrong kind are 400 on the value', () => {
    const bad = (condition: Record<string, unknown>) =>
      throws400(() => parseDynamicFilter([condition], index), 'filter[0].value');
    bad({ field: 'age', op: 'eq', value: 'abc' });
    bad({ field: 'age', op: 'eq', value: '' });
    bad({ field: 'age', op: 'eq', value: null });
    bad({ field: 'age', op: 'between', value: [1] });
    bad({ field: 'age', op: 'between', value: 5 });
    bad({ field: 'active', op: 'eq', value: 'yes' });
    bad({ field: 'ownerId', op: 'eq', value: 'xyz' });
    bad({ field: 'ownerId', op: 'in', value: [ID1, ID1.toUpperCase()] });
    bad({ field: 'dueAt', op: 'gt', value: 'soon' });
    bad({ field: 'name', op: 'eq', value: { a: 1 } });
    bad({ field: 'name', op: 'eq', value: 'x'.repeat(501) });
    bad({ field: 'name', op: 'in', value: [] });
    bad({ field: 'name', op: 'in', value: Array.from({ length: 101 }, (_, i) => `v${i}`) });
  });

  test('dates beyond what PostgreSQL stores (years outside 1..9999) are 400 on the value', () => {
    for (const value of [8_640_000_000_000_000, '+275760-09-13T00:00:00Z', '0000-01-01T00:00:00Z']) {
      throws400(() => parseDynamicFilter([{ field: 'dueAt', op: 'gt', value }], index), 'filter[0].value');
    }
    assert.deepEqual(
      compile(parseDynamicFilter([{ field: 'dueAt', op: 'gt', value: '9999-12-31T23:59:59Z' }], index)[0]!).parameters,
      ['9999-12-31T23:59:59.000Z'],
    );
  });
});

describe('parseListQuery', () => {
  const where = (query: Record<string, unknown>) => parseListQuery(query, index, DEFAULT_LIST).where.map(compile);

  test('defaults: limit 100, offset 0, sorted by number', () => {
    const q = parseListQuery({}, index, DEFAULT_LIST);
    assert.equal(q.limit, 100);
    assert.equal(q.offset, 0);
    assert.deepEqual(
      q.sort.map((s) => [s.field.path, s.descending]),
      [['number', false]],
    );
    assert.deepEqual(q.where, []);
  });

  test('limit and offset bounds', () => {
    const q = parseListQuery({ limit: '1000', offset: '30', sort: 'name:-1' }, index, DEFAULT_LIST);
    assert.deepEqual([q.limit, q.offset, q.sort[0]!.field.path, q.sort[0]!.descending], [1000, 30, 'name', true]);
    for (const limit of [0, 1001, 'x', 2.5, -1])
      throws400(() => parseListQuery({ limit }, index, DEFAULT_LIST), 'limit');
    for (const offset of [-1, 'x', 0.5]) throws400(() => parseListQuery({ offset }, index, DEFAULT_LIST), 'offset');
  });

  test('payment-term style: skip, sortKey + sortDirection, maximum 100', () => {
    const options = { ...DEFAULT_LIST, maxLimit: 100, offsetParam: 'skip', sortStyle: 'sortKey' as const };
    const q = parseListQuery({ limit: 100, skip: '20', sortKey: 'age', sortDirection: '-1' }, index, options);
    assert.deepEqual([q.limit, q.offset, q.sort[0]!.field.path, q.sort[0]!.descending], [100, 20, 'age', true]);
    assert.equal(parseListQuery({ sortKey: 'age' }, index, options).sort[0]!.descending, false);
    throws400(() => parseListQuery({ limit: 101 }, index, options), 'limit');
    throws400(() => parseListQuery({ skip: -1 }, index, options), 'skip');
    throws400(() => parseListQuery({ sortKey: 'height' }, index, options), 'sortKey');
  });

  test('field filters: equality, comma lists for ids, numbers and enums, ranges', () => {
    assert.deepEqual(where({ name: 'a,b' }), [{ sql: `(doc #>> '{name}') = $1`, parameters: ['a,b'] }]);
    assert.deepEqual(where({ number: '1,2,3' }), [{ sql: 'number = ANY($1)', parameters: [[1, 2, 3]] }]);
    assert.deepEqual(where({ color: 'red,blue' }), [
      { sql: `(doc #>> '{color}') = ANY($1)`, parameters: [['red', 'blue']] },
    ]);
    assert.deepEqual(where({ ownerId: `${ID1},${ID2}` })[0]!.parameters, [[ID1, ID2]]);
    assert.deepEqual(where({ 'address.city': 'Bonn' }), [
      { sql: `(doc #>> '{address,city}') = $1`, parameters: ['Bonn'] },
    ]);
    assert.deepEqual(
      where({ ageFrom: '18', ageTo: '65' }).map((w) => w.sql),
      [`(doc #>> '{age}')::numeric >= $1`, `(doc #>> '{age}')::numeric <= $1`],
    );
    assert.deepEqual(where({ 'status.createdAtTo': '86400000' }), [
      { sql: 'created_at <= $1', parameters: ['1970-01-02T00:00:00.000Z'] },
    ]);
    // A field whose own name ends in From is a field, not a range; its range adds another From.
    assert.deepEqual(
      where({ validFrom: '0' }).map((w) => w.sql),
      [`(doc #>> '{validFrom}')::timestamptz = $1`],
    );
    assert.deepEqual(
      where({ validFromFrom: '0' }).map((w) => w.sql),
      [`(doc #>> '{validFrom}')::timestamptz >= $1`],
    );
  });

  test('field filters and the dynamic filter combine; reserved and undefined parameters are no filters', () => {
    const q = parseListQuery(
      {
        limit: 5,
        offset: 0,
        sort: 'name',
        name: 'a',
        tags: 'x',
        age: undefined,
        filter: '[{"field":"age","op":"gt","value":1}]',
      },
      index,
      DEFAULT_LIST,
    );
    assert.equal(q.where.length, 3);
  });

  test('unknown parameters and ranges on other types are 400 on the parameter', () => {
    throws400(() => parseListQuery({ height: '3' }, index, DEFAULT_LIST), 'height');
    throws400(() => parseListQuery({ nameFrom: 'a' }, index, DEFAULT_LIST), 'nameFrom');
    throws400(() => parseListQuery({ activeTo: 'true' }, index, DEFAULT_LIST), 'activeTo');
    throws400(() => parseListQuery({ secret: 'x' }, index, DEFAULT_LIST), 'secret');
    throws400(() => parseListQuery({ age: 'old' }, index, DEFAULT_LIST), 'age');
  });
});
