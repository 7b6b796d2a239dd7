// Derives the engine's schemas from one resource schema: the create body (closed),
// the PATCH body (JSON Merge Patch), and the response (common fields, no write-only fields).
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';

/** A JSON schema as the engine walks it: keywords read by name, whatever the schema is. */
// biome-ignore lint/suspicious/noExplicitAny: schemas are code-declared JSON, read keyword by keyword
export type JsonSchema = Record<string, any>;
type Json = JsonSchema;

const isObjectSchema = (s: Json) => s && s.type === 'object' && s.properties;

function mapObjects(schema: Json, fn: (object: Json) => Json): Json {
  if (Array.isArray(schema)) return schema.map((s) => mapObjects(s, fn)) as unknown as Json;
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, mapObjects(v as Json, fn)]))
        : key === 'items' || key === 'anyOf'
          ? mapObjects(value as Json, fn)
          : value;
  }
  return isObjectSchema(copy) ? fn(copy) : copy;
}

/** Objects reject fields they do not declare, unless they say otherwise. */
export function closed(schema: Json): Json {
  return mapObjects(schema, (o) => ('additionalProperties' in o ? o : { ...o, additionalProperties: false }));
}

/** PATCH body: every field optional, `null` removes a field, nested objects merge (RFC 7396). */
export function mergePatch(schema: Json): Json {
  const patchObject = (o: Json): Json => ({
    ...o,
    required: undefined,
    minProperties: undefined,
    properties: Object.fromEntries(
      Object.entries(o.properties as Json).map(([k, v]) => [
        k,
        isObjectSchema(v) ? { anyOf: [patchObject(v), { type: 'null' }] } : { anyOf: [v, { type: 'null' }] },
      ]),
    ),
  });
  return JSON.parse(JSON.stringify(patchObject(closed(schema))));
}

/**
 * Response fields: write-only fields dropped, nothing required unless `keepRequired` (entityResponse
 * adds the top level's; the server's own read-only shapes keep theirs). A
 * free object (additionalProperties: true, e.g. dailyWorkingHours) keeps its keys; the serializer
 * would otherwise write it as {}.
 */
export function responseShape(schema: Json, keepRequired = false): Json {
  return mapObjects(schema, (o) => {
    const properties = Object.fromEntries(
      Object.entries(o.properties as Json).filter(([, v]) => !(v as Json).writeOnly),
    );
    const { required, additionalProperties, ...rest } = o;
    return {
      ...rest,
      properties,
      ...(keepRequired && required ? { required } : {}),
      ...(additionalProperties === true ? { additionalProperties: true } : {}),
    };
  });
}

/** Schema keyword: the field is left out of an answer while unset (instead of being null). */
export const ABSENT_WHEN_UNSET = 'x-absentWhenUnset';

const isArraySchema = (s: Json) => [s.type].flat().includes('array');

/** The schema also admits null (OpenAPI 3.1: a type list, or a null branch of anyOf). */
export function nullable(s: Json): Json {
  if (s.anyOf)
    return s.anyOf.some((branch: Json) => branch.type === 'null') ? s : { ...s, anyOf: [...s.anyOf, { type: 'null' }] };
  if ('const' in s) return { anyOf: [s, { type: 'null' }] };
  if (s.type === undefined) return s; // untyped: any value, null included
  const types = [s.type].flat();
  if (types.includes('null')) return s;
  return { ...s, type: [...types, 'null'], ...(s.enum ? { enum: [...s.enum, null] } : {}) };
}

/**
 * Every field of a record is in its answer, so a strictly typed client can rely on the shape:
 * all top-level fields are required; an unset array is [], an unset field with a declared
 * `default` is that default, any other unset field is null. The serializer writes the defaults
 * for a missing field; reads built as JSON in SQL merge responseDefaults() under the document.
 * Fields of nested objects stay as declared (optional): a client writes those objects whole. A
 * field the spec says is absent when unset (Job.userId) is marked ABSENT_WHEN_UNSET and stays optional.
 */
export function presentFields(schema: Json, alwaysSet: ReadonlySet<string> = new Set()): Json {
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Json).map(([key, field]) => {
      if ('default' in field || field[ABSENT_WHEN_UNSET] || alwaysSet.has(key)) return [key, field];
      if (isArraySchema(field)) return [key, { ...field, default: [] }];
      return [key, { ...nullable(field), default: null }];
    }),
  );
  return {
    ...schema,
    properties,
    required: Object.keys(properties).filter((key) => !properties[key][ABSENT_WHEN_UNSET]),
  };
}

/**
 * Schema keyword: a read builds the field from other records (a job's assignment, timeTrackings);
 * events and toApi() leave it out, the read model and the serializer fill it.
 */
export const DERIVED_ON_READ = 'x-derivedOnRead';

/** The value each required top-level field of a record's answer takes when its document does not hold it. */
export function responseDefaults(response: Json): Record<string, unknown> {
  return Object.fromEntries(
    (response.required as string[])
      .filter((key) => !response.properties[key][DERIVED_ON_READ])
      .map((key) => [key, response.properties[key].default ?? null]),
  );
}

export const commonEntityProperties = {
  _id: { type: 'string', pattern: OBJECT_ID_PATTERN, description: 'unique id (ObjectId)' },
  number: { type: 'integer', description: 'unique number of the record within its company' },
  companyId: { type: 'string', description: 'owning company' },
  status: {
    type: 'object',
    properties: {
      status: { type: 'integer', description: '1 active' },
      createdAt: { type: 'string', format: 'date-time' },
      createdBy: { type: ['string', 'null'], description: 'user id; null when the system created the record' },
      lastModifiedAt: { type: 'string', format: 'date-time' },
      lastModifiedBy: {
        type: ['string', 'null'],
        description: 'user id; null when the system changed the record last',
      },
    },
    required: ['status', 'createdAt', 'createdBy', 'lastModifiedAt', 'lastModifiedBy'],
  },
  chatId: { type: ['string', 'null'], description: 'chat attached to the record' },
};

/**
 * A record's answer: the common entity fields (always set) and the resource's own fields, all
 * present. A field the create body requires is never null (a PATCH cannot remove it: the merged
 * record is checked against the same schema), so its type stays as declared.
 */
export function entityResponse(schema: Json, extra: Json = {}): Json {
  // Read-only fields are the server's own shapes: what they require, it always writes.
  const serverOwn = responseShape({ type: 'object', properties: extra }, true).properties;
  const own = presentFields(
    { type: 'object', properties: { ...responseShape(schema).properties, ...serverOwn } },
    new Set<string>(schema.required ?? []),
  );
  return {
    type: 'object',
    properties: { ...commonEntityProperties, ...own.properties },
    required: [...Object.keys(commonEntityProperties), ...own.required],
  };
}
