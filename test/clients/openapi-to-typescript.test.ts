// The client generator's schema translation: named schemas by $ref, nullable and required fields,
// enums, unions, files as bytes, and an operation table keyed by operationId (else method and path).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openApiToTypeScript, schemaType, typeName } from '../../scripts/openapi-to-typescript.js';

describe('schema to TypeScript', () => {
  test('primitives, null, enums, consts, arrays, unions and references', () => {
    assert.equal(schemaType({ type: ['string', 'null'] }), 'string | null');
    assert.equal(schemaType({ type: 'integer', nullable: true }), 'number | null');
    assert.equal(schemaType({ enum: ['open', 'done'] }), '"open" | "done"');
    assert.equal(schemaType({ const: 1 }), '1');
    assert.equal(schemaType({ type: 'array', items: { $ref: '#/components/schemas/Job' } }), 'Array<Job>');
    assert.equal(schemaType({ anyOf: [{ type: 'number' }, { type: 'string' }] }), 'number | string');
    assert.equal(schemaType({}), 'unknown');
    assert.equal(schemaType({ type: 'object' }), 'Record<string, unknown>');
    assert.equal(typeName('def-0'), 'Def0');
  });

  test('objects: required fields plain, others optional, odd names quoted, descriptions as comments', () => {
    const type = schemaType({
      type: 'object',
      required: ['_id'],
      properties: { _id: { type: 'string', description: 'the id' }, 'x-y': { type: 'boolean' } },
    });
    assert.equal(type, '{\n  /** the id */\n  _id: string;\n  "x-y"?: boolean;\n}');
  });

  test('operations: keyed by operationId, else "METHOD /path"; PDFs are bytes', () => {
    const source = openApiToTypeScript({
      components: { schemas: { Customer: { type: 'object', properties: { name: { type: 'string' } } } } },
      paths: {
        '/v2/customers/{id}': {
          get: {
            operationId: 'customers.get',
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
            responses: {
              200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } } },
            },
          },
        },
        '/v2/invoices/{id}/pdf': {
          get: {
            responses: { 200: { content: { 'application/json': { schema: { type: 'string', format: 'binary' } } } } },
          },
        },
      },
    });
    assert.match(source, /export interface Customer \{\n {2}name\?: string;\n\}/);
    assert.match(
      source,
      /"customers\.get": \{\n {4}method: "GET";\n {4}path: "\/v2\/customers\/\{id\}";\n {4}pathParams: \{\n {6}id: string;\n {4}\};\n {4}query: undefined;\n {4}body: undefined;\n {4}response: Customer;/,
    );
    assert.match(source, /"GET \/v2\/invoices\/\{id\}\/pdf": \{\n( {4}.*\n){5} {4}response: ArrayBuffer;/);
    assert.match(source, /"customers\.get": \["GET", "\/v2\/customers\/\{id\}"\],/);
  });
});
