// Derives the engine's schemas from one resource schema: the create body (closed),
// the PATCH body (JSON Merge Patch), and the response (common fields, no write-only fields).
import { OBJECT_ID_PATTERN } from '../../platform/ids.js';

type Json = Record<string, any>;

const isObjectSchema = (s: Json) => s && s.type === 'object' && s.properties;

function mapObjects(schema: Json, fn: (object: Json) => Json): Json {
  if (Array.isArray(schema)) return schema.map((s) => mapObjects(s, fn)) as unknown as Json;
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = key === 'properties'
      ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, mapObjects(v as Json, fn)]))
      : key === 'items' || key === 'anyOf' ? mapObjects(value as Json, fn) : value;
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
    properties: Object.fromEntries(Object.entries(o.properties as Json).map(([k, v]) => [
      k, isObjectSchema(v) ? { anyOf: [patchObject(v), { type: 'null' }] } : { anyOf: [v, { type: 'null' }] },
    ])),
  });
  return JSON.parse(JSON.stringify(patchObject(closed(schema))));
}

/**
 * Response: nothing required (stored records may predate a field), write-only fields dropped. A
 * free object (additionalProperties: true, e.g. dailyWorkingHours) keeps its keys; the serializer
 * would otherwise write it as {}.
 */
export function responseShape(schema: Json): Json {
  return mapObjects(schema, (o) => {
    const properties = Object.fromEntries(Object.entries(o.properties as Json).filter(([, v]) => !(v as Json).writeOnly));
    const { required: _required, additionalProperties, ...rest } = o;
    return { ...rest, properties, ...(additionalProperties === true ? { additionalProperties: true } : {}) };
  });
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
      createdBy: { type: 'string' },
      lastModifiedAt: { type: 'string', format: 'date-time' },
      lastModifiedBy: { type: 'string' },
    },
  },
  chatId: { type: 'string', description: 'chat attached to the record' },
};

export function entityResponse(schema: Json, extra: Json = {}): Json {
  const shape = responseShape(schema);
  return { type: 'object', properties: { ...commonEntityProperties, ...shape.properties, ...extra } };
}
