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

/**
 * Schema keyword: the field is left out of an answer while unset. Every unset field is (see
 * presentFields); the keyword stays on fields where the spec says so in words (Job.userId).
 */
export const ABSENT_WHEN_UNSET = 'x-absentWhenUnset';

const isArraySchema = (s: Json) => [s.type].flat().includes('array');

/**
 * The spec's contract for unset fields: a field the spec types as a plain string, number or
 * object is ABSENT while unset, never null (a client generated from the spec rejects null). So
 * the required top-level fields of an answer are those always set: the create body's required
 * ones (`alwaysSet`), arrays (an unset array is []) and fields with a declared `default` (which
 * the serializer writes). Every other field stays optional and as declared: nullable only where
 * the declaration says so. Answers carry no null for an unset field (to-api.ts withoutNulls, and
 * jsonb_strip_nulls for reads built as JSON in SQL).
 */
export function presentFields(schema: Json, alwaysSet: ReadonlySet<string> = new Set()): Json {
  const properties = Object.fromEntries(
    Object.entries(schema.properties as Json).map(([key, field]) => {
      if (!('default' in field) && isArraySchema(field) && !field[ABSENT_WHEN_UNSET] && !alwaysSet.has(key))
        return [key, { ...field, default: [] }];
      return [key, field];
    }),
  );
  const always = (key: string) =>
    alwaysSet.has(key) || ('default' in properties[key] && properties[key].default !== null);
  return { ...schema, properties, required: Object.keys(properties).filter(always) };
}

/**
 * Schema keyword: a read builds the field from other records (a job's assignment, timeTrackings);
 * events and toApi() leave it out, the read model and the serializer fill it.
 */
export const DERIVED_ON_READ = 'x-derivedOnRead';

/** The declared default ([] for arrays) of each top-level field while its record's document does not hold it. */
export function responseDefaults(response: Json): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response.properties as Json)
      .filter(([, field]) => !field[DERIVED_ON_READ] && 'default' in field && field.default !== null)
      .map(([key, field]) => [key, field.default]),
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
      createdBy: { type: 'string', description: 'user id; absent when the system created the record' },
      lastModifiedAt: { type: 'string', format: 'date-time' },
      lastModifiedBy: { type: 'string', description: 'user id; absent when the system changed the record last' },
    },
    required: ['status', 'createdAt', 'lastModifiedAt'],
  },
  chatId: { type: 'string', description: 'chat attached to the record; absent for records without one' },
};

/**
 * A record's answer: the common entity fields and the resource's own fields (presentFields). A
 * field the create body requires is always set (a PATCH cannot remove it: the merged record is
 * checked against the same schema), so it is required.
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
    required: ['_id', 'number', 'companyId', 'status', ...own.required],
  };
}
