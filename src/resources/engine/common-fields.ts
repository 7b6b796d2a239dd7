// What a write body may carry besides the writable fields: the common entity fields and the
// resource's read-only response fields are accepted and ignored, so a record read with GET can be
// changed and sent back as it is. The server never writes them from a body (mass-assignment
// protection); `number` is the client's only on create, and only where the resource accepts it.
import { commonEntityProperties, type JsonSchema } from './schema-shapes.js';

type Json = JsonSchema;

/** The server-owned part of a body: `true` for a whole field, a subtree for an object mixing writable and read-only fields. */
export interface IgnoredTree {
  [field: string]: true | IgnoredTree;
}

export type WriteMode = 'create' | 'patch';

export interface WritableDeclaration {
  schema: object;
  readOnly?: Record<string, object>;
  acceptsNumber?: boolean;
}

/** How an ignored field appears in a body schema: any value, documented as read-only. */
const IGNORED_FIELD = { readOnly: true, description: 'set by the server; accepted and ignored in a write body' };

/** Read-only fields not also writable; of an object that has both (a user's `access`), the read-only part. */
function readOnlyPart(readOnly: Json, writable: Json): IgnoredTree {
  const tree: IgnoredTree = {};
  for (const [key, shape] of Object.entries(readOnly)) {
    const own = writable[key];
    if (!own) tree[key] = true;
    else if (own.properties && shape.properties) {
      const nested = readOnlyPart(shape.properties, own.properties);
      if (Object.keys(nested).length > 0) tree[key] = nested;
    }
  }
  return tree;
}

/** The fields a body of `mode` may carry that the server ignores. */
export function ignoredFields(declaration: WritableDeclaration, mode: WriteMode): IgnoredTree {
  const writable = (declaration.schema as Json).properties as Json;
  const tree = readOnlyPart(declaration.readOnly ?? {}, writable);
  for (const field of Object.keys(commonEntityProperties)) {
    // A client's number is applied on create where the resource accepts one; it never changes later.
    if (field === 'number' && mode === 'create' && declaration.acceptsNumber) continue;
    if (writable[field]) continue; // a resource's own field of that name is its own
    tree[field] = true;
  }
  return tree;
}

/** A body schema that also accepts the ignored fields (to be closed or made a merge patch afterwards). */
export function acceptIgnored(schema: Json, tree: IgnoredTree): Json {
  const properties: Json = { ...schema.properties };
  for (const [key, node] of Object.entries(tree)) {
    properties[key] = node === true ? IGNORED_FIELD : acceptIgnored(properties[key] as Json, node);
  }
  return { ...schema, properties };
}

/**
 * A create body's optional top-level fields also take null, meaning absent: a record read with GET
 * carries null for each unset field (schema-shapes.ts presentFields), and may be sent back to create
 * a copy. (A PATCH body takes null already: it removes the field.)
 */
export function optionalNullable(schema: Json): Json {
  const required = new Set<string>(schema.required ?? []);
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Json).map(([key, field]) => [
      key,
      required.has(key) || field.readOnly === true
        ? field
        : { anyOf: [field, { type: 'null' }], ...(field.description ? { description: field.description } : {}) },
    ]),
  );
  return { ...schema, properties };
}

const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A create body without its ignored fields and without top-level nulls (absent fields): what is stored. */
export function createdFields(body: Json, tree: IgnoredTree): Json {
  return Object.fromEntries(Object.entries(withoutIgnored(body, tree)).filter(([, value]) => value !== null));
}

/** The body without the ignored fields: what is applied. */
export function withoutIgnored(body: Json, tree: IgnoredTree): Json {
  const kept: Json = {};
  for (const [key, value] of Object.entries(body)) {
    const node = tree[key];
    if (node === true) continue;
    if (node && isPlainObject(value)) {
      const nested = withoutIgnored(value, node);
      // An object that held only ignored fields is left out, not stored empty.
      if (Object.keys(nested).length > 0 || Object.keys(value).length === 0) kept[key] = nested;
    } else kept[key] = value;
  }
  return kept;
}
