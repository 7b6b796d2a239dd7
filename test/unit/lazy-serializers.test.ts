// Response serializers: compiled at a route's first answer, once per process for the same schemas.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lazySerializerFactory, serializersCompiled } from '../../src/platform/http/lazy-serializers.js';

const shared = { Money: { $id: 'Money', type: 'object', properties: { amount: { type: 'string' } } } };
const route = (schema: object) => ({ schema, method: 'GET', url: '/v2/things', httpStatus: '200' });
const thing = (extra: object = {}) => ({
  type: 'object',
  properties: { name: { type: 'string' }, price: { $ref: 'Money#' }, ...extra },
});
const serializer = (externalSchemas: object, schema: object) =>
  // biome-ignore lint/suspicious/noExplicitAny: the factory's route type is fastify's internal one
  lazySerializerFactory(externalSchemas as any, {})(route(schema) as any);

test('a serializer is compiled at its first answer, not when the route is registered', () => {
  const before = serializersCompiled();
  const serialize = serializer(shared, thing({ unusedBefore: { type: 'integer' } }));
  assert.equal(serializersCompiled(), before);
  assert.equal(serialize({ name: 'Lobby', price: { amount: '12.50' } }), '{"name":"Lobby","price":{"amount":"12.50"}}');
  assert.equal(serializersCompiled(), before + 1);
});

test("a second app's route with the same schemas reuses the first's serializer", () => {
  const schema = thing({ reusedField: { type: 'integer' } });
  const first = serializer(shared, schema);
  const before = serializersCompiled();
  first({ name: 'a' });
  assert.equal(serializersCompiled(), before + 1);
  // Another factory call is another app: equal texts, new objects.
  const second = serializer(structuredClone(shared), structuredClone(schema));
  assert.equal(second({ name: 'b', reusedField: 3 }), '{"name":"b","reusedField":3}');
  assert.equal(serializersCompiled(), before + 1);
});

test('another schema, or other shared schemas, get their own serializer', () => {
  const schema = thing({ ownField: { type: 'integer' } });
  serializer(shared, schema)({ name: 'a' });
  const before = serializersCompiled();
  const withDefault = serializer(shared, thing({ ownField: { type: 'integer', default: 7 } }));
  assert.equal(withDefault({ name: 'a' }), '{"name":"a","ownField":7}');
  assert.equal(serializersCompiled(), before + 1);
  const otherMoney = { Money: { $id: 'Money', type: 'object', properties: { currency: { type: 'string' } } } };
  const otherShared = serializer(otherMoney, schema);
  assert.equal(
    otherShared({ name: 'a', price: { amount: '1.00', currency: 'EUR' } }),
    '{"name":"a","price":{"currency":"EUR"}}',
  );
  assert.equal(serializersCompiled(), before + 2);
});
