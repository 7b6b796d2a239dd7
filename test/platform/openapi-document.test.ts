// The OpenAPI document as integrators and client generators read it: stable operationIds, named
// models, described responses, public routes marked, examples that fit their schemas.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadConfig } from '../../src/config.js';
import { OPERATION_ID_PATTERN } from '../../src/platform/openapi/operation-ids.js';
import { inlineRefs } from '../helpers/openapi.js';
import { createTestApp, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let doc: Json;
const operations: Array<{ method: string; path: string; op: Json }> = [];

before(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) operations.push({ method, path, op });
  }
});
after(() => t.close());

const opAt = (method: string, path: string) => doc.paths[path]?.[method];
const jsonSchema = (content: Json) => content?.['application/json']?.schema;

describe('operations', () => {
  test('every operation has an operationId following the naming rule, unique across the document', () => {
    assert.ok(operations.length > 250, `${operations.length} operations`);
    const seen = new Map<string, string>();
    for (const { method, path, op } of operations) {
      assert.match(op.operationId ?? '', OPERATION_ID_PATTERN, `${method} ${path}`);
      assert.equal(
        seen.get(op.operationId),
        undefined,
        `${op.operationId} of ${method} ${path} also names ${seen.get(op.operationId)}`,
      );
      seen.set(op.operationId, `${method} ${path}`);
    }
  });

  test('operationIds are derived from method and path (the names generated clients use)', () => {
    const expected: Record<string, [string, string]> = {
      'customers.create': ['post', '/v2/customers/'],
      'customers.list': ['get', '/v2/customers/'],
      'customers.get': ['get', '/v2/customers/{id}'],
      'customers.update': ['patch', '/v2/customers/{id}'],
      'customers.delete': ['delete', '/v2/customers/{id}'],
      'jobs.jobsInTimeFrame': ['post', '/v2/jobs/jobsInTimeFrame'],
      'tasks.complete': ['post', '/v2/tasks/{id}/complete'],
      'invoices.getPdf': ['get', '/v2/invoices/{id}/pdf'],
      'webhooks.update': ['patch', '/v2/integrations/webhooks/{id}'],
      'apiKeys.create': ['post', '/v2/apiKeys'],
      'jobs.start': ['post', '/v2/jobs/{id}/start'],
      'timeTracking.approve': ['post', '/v2/timeTracking/{id}/approve'],
    };
    for (const [id, [method, path]] of Object.entries(expected))
      assert.equal(opAt(method, path)?.operationId, id, `${method} ${path}`);
  });

  test('every operation has a summary, a description and a tag that the document defines and groups', () => {
    const defined = new Map<string, Json>((doc.tags ?? []).map((tag: Json) => [tag.name, tag]));
    const grouped = new Set((doc['x-tagGroups'] ?? []).flatMap((group: Json) => group.tags));
    for (const { method, path, op } of operations) {
      const where = `${method} ${path}`;
      assert.ok(op.summary, `${where} has a summary`);
      assert.ok(op.description, `${where} has a description`);
      assert.ok(op.tags?.length, `${where} has a tag`);
      for (const tag of op.tags) {
        assert.ok(defined.get(tag)?.description, `tag ${tag} of ${where} is defined with a description`);
        assert.ok(grouped.has(tag), `tag ${tag} is in a tag group`);
      }
    }
  });

  test('public routes say security: [] and the others need a credential', () => {
    const publicRoutes = t.app.routeList.filter(
      (r) => r.isPublic && r.url.startsWith('/v2/') && !r.url.startsWith('/v2/docs') && r.url !== '/v2/openapi.json',
    );
    assert.ok(publicRoutes.length >= 5);
    const toPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');
    for (const route of publicRoutes)
      assert.deepEqual(
        opAt(route.method.toLowerCase(), toPath(route.url))?.security,
        [],
        `${route.method} ${route.url}`,
      );
    assert.deepEqual(opAt('post', '/v2/company/signup').security, []);
    assert.deepEqual(opAt('post', '/v2/auth/login').security, []);
    const names = (security: Json[]) => security.flatMap((entry) => Object.keys(entry)).sort();
    assert.deepEqual(names(doc.security), ['API-Key', 'Bearer-Auth']);
    assert.deepEqual(names(opAt('get', '/v2/customers/').security), ['API-Key', 'Bearer-Auth']);
  });

  test('every response is described by its status, and every operation has a success response', () => {
    for (const { method, path, op } of operations) {
      const statuses = Object.keys(op.responses);
      assert.ok(
        statuses.some((status) => status.startsWith('2')),
        `${method} ${path} has a 2xx response`,
      );
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        assert.ok(
          response.description && response.description !== 'Default Response',
          `${method} ${path} ${status}: ${response.description}`,
        );
      }
    }
    assert.equal(opAt('post', '/v2/customers/').responses['201'].description, 'Created');
    assert.equal(opAt('get', '/v2/customers/{id}').responses['200'].description, 'OK');
    assert.match(opAt('get', '/v2/customers/{id}').responses['404'].description, /not found/i);
    for (const [method, path] of [
      ['get', '/v2/customers/'],
      ['get', '/v2/jobs/'],
      ['post', '/v2/users/filter'],
    ] as const) {
      assert.equal(
        opAt(method, path).responses['200'].headers?.['X-Total-Count']?.schema?.type,
        'integer',
        `${method} ${path} documents X-Total-Count`,
      );
    }
    assert.equal(JSON.stringify(doc).includes('x-paged'), false);
  });
});

describe('document', () => {
  test('has servers, a licence and an info description', () => {
    assert.ok(
      doc.servers?.length && doc.servers.every((server: Json) => typeof server.url === 'string' && server.url.length),
    );
    assert.ok(doc.info.license?.name);
    assert.ok(doc.info.description.length > 200);
  });

  test('names PUBLIC_URL as its server when set (else the serving host), and refuses an address that is not one', async () => {
    assert.deepEqual(
      doc.servers.map((server: Json) => server.url),
      ['/'],
    );
    const behindProxy = await createTestApp({ PUBLIC_URL: 'https://api.example.com/' });
    try {
      const served = (await behindProxy.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
      assert.deepEqual(
        served.servers.map((server: Json) => server.url),
        ['https://api.example.com'],
      );
    } finally {
      await behindProxy.close();
    }
    const env = { DATA_DIR: t.dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' };
    for (const bad of [
      'api.example.com',
      'ftp://api.example.com',
      'https://api.example.com/?x=1',
      'https://u:p@api.example.com',
    ]) {
      assert.throws(() => loadConfig({ ...env, PUBLIC_URL: bad }), /PUBLIC_URL must be/, bad);
    }
  });
});

describe('named schemas', () => {
  const MODELS = [
    'Customer',
    'CustomerObject',
    'Job',
    'Assignment',
    'TimeTrackingEntry',
    'Salary',
    'Absence',
    'Task',
    'Invoice',
    'Problem',
    'User',
    'Webhook',
    'Document',
    'MaterialOrder',
    'QualityControlEntry',
    'CustomerCreate',
    'CustomerPatch',
    'EntityStatus',
    'TokenPair',
    'ApiKey',
    'ApiKeyCreated',
    'IdResult',
    'InvoicePosition',
    'Event',
    'WebhookSecret',
    'TimeAndPaySettings',
  ];

  test('each model is a component schema; no generated def-N names', () => {
    for (const name of MODELS)
      assert.equal(typeof doc.components.schemas[name], 'object', `${name} is a component schema`);
    assert.deepEqual(
      Object.keys(doc.components.schemas).filter((name) => /^def-\d+$/.test(name)),
      [],
    );
    assert.ok(Object.keys(doc.components.schemas).length >= 100);
  });

  test('routes refer to them by $ref, and every $ref resolves', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    assert.deepEqual(jsonSchema(opAt('get', '/v2/customers/{id}').responses['200'].content), ref('Customer'));
    assert.deepEqual(jsonSchema(opAt('get', '/v2/customers/').responses['200'].content).items, ref('Customer'));
    assert.deepEqual(jsonSchema(opAt('post', '/v2/customers/').requestBody.content), ref('CustomerCreate'));
    assert.deepEqual(jsonSchema(opAt('patch', '/v2/customers/{id}').requestBody.content), ref('CustomerPatch'));
    assert.deepEqual(jsonSchema(opAt('post', '/v2/jobs/jobsInTimeFrame').responses['200'].content).items, ref('Job'));
    assert.deepEqual(jsonSchema(opAt('get', '/v2/jobs/{id}').responses['200'].content), ref('Job'));
    assert.deepEqual(
      opAt('get', '/v2/customers/{id}').responses['404'].content['application/problem+json'].schema,
      ref('Problem'),
    );
    assert.deepEqual(jsonSchema(opAt('post', '/v2/auth/login').responses['200'].content), ref('TokenPair'));
    assert.deepEqual(doc.components.schemas.Customer.properties.status, ref('EntityStatus'));

    const text = JSON.stringify(doc);
    const used = new Set([...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]));
    for (const name of used) assert.ok(doc.components.schemas[name!], `$ref ${name} resolves`);
    for (const name of Object.keys(doc.components.schemas)) assert.ok(used.has(name), `${name} is referenced`);
    assert.doesNotMatch(text, /x-schema-name/, 'the naming marks are gone from the served document');
  });

  test('a route still validates and serializes with its inline schema (the names exist only in the document)', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/v2/company/signup',
      payload: { companyName: 'Doc Co', username: `doc-${Date.now()}`, password: 'correct-horse-battery' },
    });
    const headers = { authorization: `Bearer ${signup.json().accessToken}` };
    const created = await t.app.inject({ method: 'POST', url: '/v2/customers/', headers, payload: { name: 'Acme' } });
    assert.equal(created.statusCode, 201, created.body);
    const read = await t.app.inject({ method: 'GET', url: `/v2/customers/${created.json()._id}`, headers });
    assert.equal(read.json().name, 'Acme');
    const invalid = await t.app.inject({ method: 'POST', url: '/v2/customers/', headers, payload: { name: 42 } });
    assert.equal(invalid.statusCode, 400);
  });
});

describe('examples', () => {
  const SPEC_AND_FLOWS = [
    'company.signup',
    'auth.login',
    'apiKeys.create',
    'customers.create',
    'customers.get',
    'objects.create',
    'assignments.create',
    'jobs.jobsInTimeFrame',
    'jobs.start',
    'jobs.stop',
    'timeTracking.approve',
    'invoices.issue',
    'webhooks.create',
    'webhooks.update',
    'tasks.complete',
    'absences.update',
    'articles.getLastNumber',
  ];

  test("the spec's operations and the main flows have request and response examples", () => {
    const byId = new Map(operations.map(({ op }) => [op.operationId, op]));
    for (const id of SPEC_AND_FLOWS) {
      const op = byId.get(id);
      assert.ok(op, id);
      const body = op.requestBody?.content?.['application/json'];
      if (body) assert.notEqual(body.example, undefined, `${id} has a request example`);
      const success = Object.entries<Json>(op.responses).find(([status]) => status.startsWith('2'))![1];
      assert.notEqual(success.content?.['application/json']?.example, undefined, `${id} has a response example`);
    }
  });

  test('every example fits its schema', () => {
    const inlined = inlineRefs(doc);
    const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(ajv);
    let checked = 0;
    for (const [path, item] of Object.entries<Json>(inlined.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        const media = [
          op.requestBody?.content?.['application/json'],
          ...Object.values<Json>(op.responses).map((r) => r.content?.['application/json']),
        ];
        for (const entry of media) {
          if (!entry || entry.example === undefined || !entry.schema) continue;
          const validate = ajv.compile(entry.schema);
          assert.ok(
            validate(structuredClone(entry.example)),
            `${method} ${path}: ${ajv.errorsText(validate.errors)} (a captured example is regenerated with: npx tsx scripts/capture-openapi-examples.ts)`,
          );
          checked++;
        }
      }
    }
    assert.ok(checked >= 20, `${checked} examples checked`);
  });
});
