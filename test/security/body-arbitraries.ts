// Request bodies for fuzzing, derived from an operation's JSON schema (the app's OpenAPI document):
// values that mostly fit the schema, the same with one part made hostile (wrong type, extremes,
// odd text and dates, extra or missing fields), and hostile bodies as a whole.
import type { Json } from '../helpers/test-app.js';
import fc from 'fast-check';
import { MAX_BODY_DEPTH } from '../../src/platform/http/json-limits.js';

export type Schema = Record<string, Json>;

export interface Pools {
  /** Ids an id field of this name should mostly take (records of the company), e.g. `objectId` → the object. */
  idsFor(field: string | undefined): string[];
}

const OBJECT_ID = '^[0-9a-f]{24}$';
// Nesting stays within the request limit: deeper bodies are refused as a whole before any handler runs.
const MAX_NESTING = MAX_BODY_DEPTH;
const NEAR = { min: Date.UTC(2026, 9, 1), max: Date.UTC(2027, 3, 1) }; // around the fixtures' dates (January 2027)

export const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);
const hex24s = hex24.filter((s) => s.length === 24);

function timeArb(): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer(NEAR) },
    { weight: 1, arbitrary: fc.integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31) }) },
  );
}
const iso = (ms: number) => new Date(ms).toISOString();
const dateArb = timeArb().map((ms) => iso(ms).slice(0, 10));
const localDateTimeArb = timeArb().map((ms) => iso(ms).slice(0, 19));

function stringArb(schema: Schema, field: string | undefined, pools: Pools): fc.Arbitrary<unknown> {
  const pattern: string | undefined = schema.pattern;
  if (pattern === OBJECT_ID) {
    const known = pools.idsFor(field);
    return known.length
      ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: hex24s })
      : hex24s;
  }
  if (schema.format === 'date-time' || pattern?.startsWith('^(?!0000)\\d{4}-\\d{2}-\\d{2}[Tt ]'))
    return timeArb().map(iso);
  if (pattern === '^\\d{4}-\\d{2}-\\d{2}$' || schema.format === 'date') return dateArb;
  if (pattern?.startsWith('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}')) return localDateTimeArb;
  if (schema.format === 'email') return fc.emailAddress();
  if (pattern) {
    try {
      return fc.stringMatching(new RegExp(pattern)).map((s) => s.slice(0, 200));
    } catch {
      // A pattern fast-check cannot generate from: plain text (mostly a 400).
    }
  }
  return fc.string({
    unit: 'grapheme',
    minLength: Math.min(schema.minLength ?? 0, 40),
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  });
}

function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 52))), max: Math.floor(Math.min(max, 2 ** 52)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum !== undefined });
}

/** Values that (mostly) fit `schema`; `resolve` follows $ref. */
export function conforming(
  schema: Schema,
  resolve: (s: Schema) => Schema,
  pools: Pools,
  field?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.enum) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const alternatives: Schema[] | undefined = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alt) => conforming(alt, resolve, pools, field, depth)));
  if (Array.isArray(s.type))
    return fc.oneof(...s.type.map((type: string) => conforming({ ...s, type }, resolve, pools, field, depth)));
  switch (s.type) {
    case 'string':
      return stringArb(s, field, pools);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 6) return fc.constant([]);
      return fc.array(conforming(s.items ?? {}, resolve, pools, field?.replace(/s$/, ''), depth + 1), {
        minLength: Math.min(s.minItems ?? 0, 3),
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties: Record<string, Schema> = s.properties ?? {};
      if (Object.keys(properties).length === 0) {
        return s.additionalProperties === false
          ? fc.constant({})
          : fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      }
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, conforming(value, resolve, pools, key, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((key: string) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const HOSTILE_CONSTANTS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  2 ** 31,
  2 ** 32,
  5e-324,
  Number('99999999999999999999'),
  1e21,
  -1e21,
  1e16,
  1e-7,
  -1e-7,
  0.005,
  1.005,
  2.675,
  Number('123456789.123456789'),
  0.1 + 0.2, // Number('…'): past double precision on purpose
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\uffff',
  '\u202eevil',
  'e\u0301\u0301\u0301',
  '１２３',
  '٣٤',
  '😀👩‍👩‍👧‍👦',
  'Ω≈ç√∫',
  '0000-00-00',
  '0000-00-00T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '275760-09-13T00:00:00Z',
  '275760-09-13',
  '-271821-04-20T00:00:00Z',
  '2027-02-30',
  '2027-02-30T00:00:00Z',
  '2027-13-01T00:00:00Z',
  '2027-01-01T24:00:00Z',
  '0001-01-01',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  '2027-03-28T02:30:00',
  '2027-10-31T02:30:00',
  '0000-01',
  '9999-12',
  '2027-00',
  '24:00',
  '00:00',
  '9999-12-31T23:59:59.999999999Z',
  '2027-01-01T00:00:00+15:59',
  '2027-01-01T00:00:00-15:59',
  '8640000000000001',
  '-8640000000000001',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0x10',
  '1_000',
  ' 5 ',
  '12:60',
  '24:01',
  '99:99',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the Log4Shell lookup, sent as plain text
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '__proto__',
  'FREQ=SECONDLY',
  'FREQ=DAILY;COUNT=999999999',
  'Mars/Olympus',
  'ffffffffffffffffffffffff',
  '000000000000000000000000',
  [],
  [null],
  [[]],
  {},
  { constructor: { prototype: { polluted: true } } },
  { $where: '1' },
  { _id: 'x' },
];

/** Values no schema here wants: wrong types, extremes, odd text, dates out of range, big and nested shapes. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 70_000, 300_000).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => i)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 500, max: 5_000 })
      .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 2, max: MAX_NESTING - 2 }), fc.boolean())
      .map(([depth, arrays]) => nest(depth, arrays)),
  },
  // Any code points, lone surrogates included: fast-check's `unit: 'binary'` draws the same, but making
  // it maps its built-in hostile texts through a table of every code point (1.3 s of CPU per process).
  {
    weight: 2,
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 60 })
      .map((points) => String.fromCodePoint(...points)),
  },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: hex24s },
);

/** A value nested `depth` levels (the surrounding body adds one or more). */
function nest(depth: number, arrays: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

type Path = Array<string | number>;

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 8) return out;
  if (Array.isArray(value))
    value.forEach((item, i) => {
      out.push([...prefix, i]);
      pathsOf(item, [...prefix, i], out);
    });
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      pathsOf(item, [...prefix, key], out);
    }
  return out;
}

function withValue(root: unknown, path: Path, change: (parent: Json, key: string | number) => void): unknown {
  const copy = structuredClone(root);
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = parent[key];
  change(parent, path.at(-1)!);
  return copy;
}

// Fields a client may never write (mass assignment), and random ones.
const EXTRA_KEYS = fc.oneof(
  fc.constantFrom(
    '_id',
    'companyId',
    'number',
    'status',
    'chatId',
    'createdBy',
    'approved',
    'state',
    'isAdmin',
    '__proto__',
  ),
  fc.string({ maxLength: 12 }),
);

/** `body` with one part changed: a value made hostile, a field added or removed. */
function mutate(body: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(body, fc.nat(), hostile, fc.constantFrom('replace', 'replace', 'replace', 'add', 'remove'), EXTRA_KEYS)
    .map(([value, pick, bad, mode, key]) => {
      const paths = pathsOf(value);
      if (mode === 'add' || paths.length === 0) {
        const objects = [[] as Path, ...paths].filter((path) => {
          const node = path.reduce<Json>((v, k) => v?.[k], value);
          return node && typeof node === 'object' && !Array.isArray(node);
        });
        if (objects.length === 0) return bad;
        const at = objects[pick % objects.length]!;
        return (
          withValue({ root: value }, ['root', ...at, key], (parent, k) => {
            // defineProperty: an own `__proto__` key, as a client can send it in JSON.
            Object.defineProperty(parent, k, { value: bad, enumerable: true, writable: true, configurable: true });
          }) as { root: unknown }
        ).root;
      }
      const path = paths[pick % paths.length]!;
      return withValue(value, path, (parent, k) => {
        if (mode === 'remove') {
          if (Array.isArray(parent)) parent.splice(k as number, 1);
          else delete parent[k];
        } else parent[k] = bad;
      });
    });
}

/** A known-valid body with one field set to a value that fits its schema. */
function overField(
  schema: Schema,
  resolve: (s: Schema) => Schema,
  pools: Pools,
  base: Record<string, unknown>,
): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = resolve(schema).properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.constant(base);
  return fc
    .constantFrom(...keys)
    .chain((key) => conforming(properties[key]!, resolve, pools, key).map((value) => ({ ...base, [key]: value })));
}

/** Bodies for one operation: conforming ones (around a known-valid `base` when there is one), mutated ones, hostile ones. */
export function bodyArbitrary(
  schema: Schema,
  resolve: (s: Schema) => Schema,
  pools: Pools,
  base?: unknown,
): fc.Arbitrary<unknown> {
  const generated = conforming(schema, resolve, pools);
  const valid =
    base && typeof base === 'object' && !Array.isArray(base)
      ? fc.oneof(fc.constant(base), overField(schema, resolve, pools, base as Record<string, unknown>))
      : generated;
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: generated },
    { weight: 5, arbitrary: mutate(fc.oneof(valid, generated)) },
    { weight: 1, arbitrary: hostile },
  );
}
