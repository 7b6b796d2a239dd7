// Every JSON success answer of the OpenAPI document says which properties the server always sends
// (its `required` list), so a generated client needs no `!` on `_id`, `accessToken`, `updated`...
// Free-form answers (no declared properties) are allowed by name with the reason; an answer whose
// shape varies by action is a union whose every branch lists its own.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp, type Json } from '../helpers/test-app.js';

let t: TestApp;
let doc: Json;

before(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
});
after(() => t.close());

/** Answers without declared properties: documents whose keys the caller or the data decide. */
const FREE_FORM: Record<string, string> = {
  'GET /v2/users/{id}/timesheet': "the month's timesheet, built by the pay rules",
  'GET /v2/timesheets': "every employee's timesheet of a month",
  'GET /v2/users/{id}/leave': 'the leave account, built by the leave rules',
  'GET /v2/client/offers/{token}': 'the signing page’s view of the document',
  'GET /v2/client/assignmentConfirmations/{token}': 'the signing page’s view of the document',
  'GET /v2/client/serviceReports/{token}': 'the signing page’s view of the report',
  'POST /v2/invoices/generate': "the billing run's summary",
  'POST /v2/bankingTransactions/import': "the bank statement import's summary",
  'GET /v2/integrations/webhooks/{id}/deliveries': 'delivery records as stored',
};

const resolve = (schema: Json): Json => {
  let s = schema;
  while (s?.$ref) s = doc.components.schemas[String(s.$ref).slice('#/components/schemas/'.length)];
  return s;
};

/** Each JSON success answer's top-level object schema (an array answer's items), by "METHOD /path status". */
function jsonAnswers(): Array<{ name: string; schema: Json }> {
  const answers: Array<{ name: string; schema: Json }> = [];
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const [method, op] of Object.entries<Json>(item))
      for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries<Json>(response.content ?? {})) {
          if (!type.includes('json')) continue;
          let schema = resolve(media.schema);
          if (schema?.type === 'array') schema = resolve(schema.items);
          answers.push({ name: `${method.toUpperCase()} ${path}`, schema });
        }
      }
  return answers;
}

/** An object schema lists what it always has: its own `required`, or every branch of a union does. */
const listsRequired = (schema: Json): boolean =>
  Array.isArray(schema?.required) ||
  ((schema?.anyOf ?? schema?.oneOf) as unknown[] | undefined)?.every((branch) => listsRequired(resolve(branch))) ===
    true;

describe('success answers list their required properties', () => {
  test('every JSON success answer with declared properties has a required list', () => {
    const answers = jsonAnswers();
    const missing = answers
      .filter(({ name, schema }) => !listsRequired(schema) && !FREE_FORM[name])
      .map(({ name }) => name);
    assert.deepEqual(missing, []);
    const withRequired = answers.filter(({ schema }) => listsRequired(schema)).length;
    assert.ok(answers.length > 300, `${answers.length} answers`);
    assert.ok(withRequired >= 322, `${withRequired} of ${answers.length} answers list required properties`);
  });

  test('the allow-list holds only free-form answers', () => {
    const byName = new Map(jsonAnswers().map(({ name, schema }) => [name, schema]));
    for (const name of Object.keys(FREE_FORM)) {
      const schema = byName.get(name);
      assert.ok(schema, `${name} exists`);
      assert.equal(schema.properties, undefined, `${name} declares properties: give it a required list`);
    }
  });

  test('the shared results say what they always carry', () => {
    const schemas = doc.components.schemas;
    assert.deepEqual(schemas.UpdatedResult.required, ['updated']);
    assert.deepEqual(schemas.DeletedResult.required, ['deleted']);
    assert.deepEqual(schemas.TokenPair.required, ['accessToken', 'tokenType', 'expiresIn', 'user']);
    assert.deepEqual(schemas.SignupResult.required, ['companyId', 'userId', 'accessToken', 'tokenType', 'expiresIn']);
    assert.deepEqual(schemas.ClockResult.required, ['_id', 'timeTrackingId', 'jobId']);
  });
});

/** Nested objects of success answers whose keys the data decides, by where they sit, with the reason. */
const FREE_NESTED: Record<string, string> = {
  'Event.data': "the record of any entity, as that entity's GET shows it (the event names the entity)",
};

/**
 * Where a success answer nests an object that says nothing of its fields (no properties, no typed
 * values): `Job.user.general`, or `GET /v2/x.field` inside an answer without a name. Each named
 * schema is walked once.
 */
function untypedNestedObjects(): string[] {
  const found = new Set<string>();
  const walked = new Set<string>();
  const walk = (schema: Json, at: string, nested: boolean): void => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) {
      const name = String(schema.$ref).slice('#/components/schemas/'.length);
      if (walked.has(name)) return;
      walked.add(name);
      walk(doc.components.schemas[name], name, nested);
      return;
    }
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(branch, at, nested);
    if (schema.items) walk(schema.items, `${at}[]`, nested);
    const values = schema.additionalProperties;
    const typedValues = values && typeof values === 'object' && Object.keys(values).length > 0;
    const isObject = [schema.type].flat().includes('object');
    if (nested && isObject && !schema.properties && !schema.patternProperties && !typedValues) found.add(at);
    for (const [key, property] of Object.entries<Json>(schema.properties ?? {})) walk(property, `${at}.${key}`, true);
    if (typedValues) walk(values, `${at}{}`, true);
  };
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const [method, op] of Object.entries<Json>(item))
      for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries<Json>(response.content ?? {}))
          if (type.includes('json')) walk(media.schema, `${method.toUpperCase()} ${path}`, false);
      }
  return [...found];
}

describe('success answers type their nested objects', () => {
  test('every nested object says its fields, unless its keys are the data', () => {
    assert.deepEqual(
      untypedNestedObjects().filter((at) => !FREE_NESTED[at]),
      [],
    );
  });

  test('the allow-list holds only objects still untyped', () => {
    const untyped = new Set(untypedNestedObjects());
    for (const at of Object.keys(FREE_NESTED))
      assert.ok(untyped.has(at), `${at} is typed now: take it off FREE_NESTED`);
  });

  test('the spec’s nested shapes are typed: a job’s clock-ins, absences and user, a position’s tax rate', () => {
    const schemas = doc.components.schemas;
    const job = resolve(schemas.Job).properties;
    const fieldsOf = (schema: Json, ...path: string[]) =>
      path.reduce((at, key) => resolve(key === '[]' ? at.items : at.properties[key]), resolve(schema)).properties;
    assert.ok(fieldsOf(job.started, '[]').userId, 'Job.started[] typed');
    assert.ok(fieldsOf(job.absences, '[]', 'status').createdAt, 'Job.absences[].status typed');
    assert.ok(fieldsOf(job.user, 'general').firstName, 'Job.user.general typed');
    assert.ok(fieldsOf(schemas.InvoicePosition, 'taxRate').rate, 'positions’ taxRate typed');
    assert.ok(fieldsOf(schemas.Invoice, 'seller').vatId, 'Invoice.seller typed');
  });
});
