// Every request's work is bounded: bodies nested deeper than MAX_BODY_DEPTH are a 400 naming the
// limit on every route (public ones too) before any handler runs; free-form objects have a depth,
// property, item and key-length bound; every array and free object of a request body has a maximum.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_BODY_DEPTH, freeJsonViolation, textNestsDeeperThan } from '../../src/platform/http/json-limits.js';
import { FREE_JSON_LIMITS } from '../../src/resources/engine/fields.js';
import { assertProblem, requester } from '../helpers/http-assertions.js';
import { inlinedOpenApi } from '../helpers/openapi.js';
import { createTestApp, signup, type TestApp, type Tenant, type Json } from '../helpers/test-app.js';

/** `levels` objects inside each other: nested(1) is {}, nested(2) is {"a":{}}. */
const nested = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
};
/** JSON text of `levels` arrays inside each other (built as text: a value that deep is what is refused). */
const deepArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObjects = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('textNestsDeeperThan', () => {
  test('counts arrays and objects, not brackets inside strings', () => {
    assert.equal(textNestsDeeperThan('{}', 1), false);
    assert.equal(textNestsDeeperThan('{"a":[]}', 1), true);
    assert.equal(textNestsDeeperThan('{"a":"[[[{{{"}', 1), false);
    assert.equal(textNestsDeeperThan('{"a":"\\"[[["}', 1), false);
    assert.equal(textNestsDeeperThan('["\\\\",[[]]]', 2), true);
    assert.equal(textNestsDeeperThan(deepArrays(MAX_BODY_DEPTH), MAX_BODY_DEPTH), false);
    assert.equal(textNestsDeeperThan(deepArrays(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH), true);
    assert.equal(textNestsDeeperThan(`${'[1,'.repeat(100)}${']'.repeat(100)}[[]]`, 3), true);
  });
  test('a million levels are read without overflowing', () => {
    assert.equal(textNestsDeeperThan(deepArrays(1_000_000), MAX_BODY_DEPTH), true);
  });
});

describe('freeJsonViolation', () => {
  const limits = { maxDepth: 3, maxProperties: 2, maxItems: 2, maxKeyLength: 3 };
  test('names the limit and where it is broken', () => {
    assert.equal(freeJsonViolation({ a: { b: [1] } }, limits), undefined);
    assert.equal(freeJsonViolation({ a: { b: [[1]] } }, limits), 'nests deeper than 3 levels at a.b.0');
    assert.equal(freeJsonViolation({ a: 1, b: 2, c: 3 }, limits), 'has an object of more than 2 properties');
    assert.equal(freeJsonViolation({ a: [1, 2, 3] }, limits), 'has an array of more than 2 items at a');
    assert.equal(freeJsonViolation({ a: { long: 1 } }, limits), 'has a key longer than 3 characters at a');
  });
  test('walks a deep value without recursion', () => {
    assert.match(freeJsonViolation(JSON.parse(deepArrays(100_000)), limits)!, /^nests deeper than 3 levels/);
  });
});

describe('over HTTP', () => {
  let t: TestApp;
  let admin: Tenant;
  const { req } = requester(
    () => t.app,
    () => admin.headers,
  );
  const raw = (
    method: 'POST' | 'PATCH',
    url: string,
    payload: string,
    headers: Record<string, string> = admin.headers,
  ) =>
    t.app
      .inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload })
      .then((res) => ({ status: res.statusCode, body: res.json() }));
  const refusedForDepth = (res: { status: number; body: Json }) => {
    assertProblem(res, 400, '(body)');
    assert.match(res.body.detail, new RegExp(`deeper than ${MAX_BODY_DEPTH} levels`));
  };

  before(async () => {
    t = await createTestApp();
    admin = await signup(t.app, 'Limits');
  });
  after(() => t.close());

  test('a 5,000-level body is 400 naming the limit on every kind of route, public ones included', async () => {
    const user = await req('POST', '/v2/users/', { general: { firstName: 'Deep' } });
    const deep = deepObjects(5000);
    refusedForDepth(await raw('POST', '/v2/auth/login', `{"username":${deep},"password":"x"}`, {}));
    refusedForDepth(await raw('POST', '/v2/company/signup', `{"companyName":${deep}}`, {}));
    refusedForDepth(await raw('POST', '/v2/customers/', `{"name":"Deep","contract":${deep}}`));
    refusedForDepth(await raw('PATCH', `/v2/users/${user.body._id}`, `{"contract":{"dailyWorkingHours":${deep}}}`));
    refusedForDepth(await raw('POST', '/v2/jobTemplates/', `{"name":"Deep","checklist":[${deep}]}`));
    refusedForDepth(await raw('POST', '/v2/jobs/jobsInTimeFrame', deepArrays(5000)));
  });

  test(`depth ${MAX_BODY_DEPTH} passes the parser (the schema judges it), ${MAX_BODY_DEPTH + 1} is refused`, async () => {
    const atLimit = await raw('POST', '/v2/auth/login', deepArrays(MAX_BODY_DEPTH), {});
    assertProblem(atLimit, 400);
    assert.doesNotMatch(atLimit.body.detail, /deeper than/);
    refusedForDepth(await raw('POST', '/v2/auth/login', deepArrays(MAX_BODY_DEPTH + 1), {}));
    // {name, contract: …}: the body is one level deeper than its contract.
    const contractAtLimit = await req('POST', '/v2/customers/', { name: 'Deep', contract: nested(MAX_BODY_DEPTH - 1) });
    assertProblem(contractAtLimit, 400, 'contract');
    assert.match(contractAtLimit.body.detail, new RegExp(`nests deeper than ${FREE_JSON_LIMITS.maxDepth} levels`));
    refusedForDepth(await req('POST', '/v2/customers/', { name: 'Deep', contract: nested(MAX_BODY_DEPTH) }));
  });

  test('free objects: depth, properties, items and key length are bounded', async () => {
    const { maxDepth, maxProperties, maxItems, maxKeyLength } = FREE_JSON_LIMITS;
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    assert.equal(
      (
        await req('POST', '/v2/customers/', {
          name: 'At the limits',
          contract: { a: nested(maxDepth - 1), b: many(maxProperties - 1), c: Array(maxItems).fill(0) },
        })
      ).status,
      201,
    );
    for (const [contract, says] of [
      [nested(maxDepth + 1), `nests deeper than ${maxDepth} levels`],
      [many(maxProperties + 1), 'must NOT have more than'],
      [{ inner: many(maxProperties + 1) }, `more than ${maxProperties} properties at inner`],
      [{ list: Array(maxItems + 1).fill(0) }, `more than ${maxItems} items at list`],
      [{ ['k'.repeat(maxKeyLength + 1)]: 1 }, 'contract'],
    ] as const) {
      const res = await req('POST', '/v2/customers/', { name: 'Too much', contract });
      assertProblem(res, 400, ['contract', `contract.${'k'.repeat(maxKeyLength + 1)}`]);
      assert.ok(res.body.detail.includes(says), res.body.detail);
    }
    const user = await req('POST', '/v2/users/', { general: { firstName: 'Hours' } });
    assertProblem(
      await req('PATCH', `/v2/users/${user.body._id}`, { contract: { dailyWorkingHours: many(maxProperties + 1) } }),
      400,
      'contract.dailyWorkingHours',
    );
    assertProblem(
      await req('POST', '/v2/jobTemplates/', { name: 'Checklist', checklist: [nested(maxDepth + 1)] }),
      400,
      'checklist.0',
    );
  });

  test('every array and every free object of a request body has a maximum', async () => {
    const openapi = await inlinedOpenApi(t.app);
    const unbounded: string[] = [];
    let arrays = 0;
    for (const [path, operations] of Object.entries<Json>(openapi.paths)) {
      for (const [method, operation] of Object.entries<Json>(operations)) {
        const schema = operation?.requestBody?.content?.['application/json']?.schema;
        const stack: Array<{ node: Json; at: string }> = schema ? [{ node: schema, at: '' }] : [];
        while (stack.length) {
          const { node, at } = stack.pop()!;
          if (!node || typeof node !== 'object') continue;
          const where = `${method.toUpperCase()} ${path} ${at || '(body)'}`;
          if (node.type === 'array' || node.items) arrays++;
          if ((node.type === 'array' || node.items) && node.maxItems === undefined)
            unbounded.push(`${where}: array without maxItems`);
          if (
            node.additionalProperties !== undefined &&
            node.additionalProperties !== false &&
            node.maxProperties === undefined
          )
            unbounded.push(`${where}: free object without maxProperties`);
          for (const [key, child] of Object.entries<Json>(node.properties ?? {}))
            stack.push({ node: child, at: at ? `${at}.${key}` : key });
          if (node.items) stack.push({ node: node.items, at: `${at}[]` });
          if (typeof node.additionalProperties === 'object')
            stack.push({ node: node.additionalProperties, at: `${at}{}` });
          for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) stack.push({ node: branch, at });
        }
      }
    }
    assert.deepEqual(unbounded, []);
    assert.ok(arrays > 100, `only ${arrays} arrays seen`);
  });
});
