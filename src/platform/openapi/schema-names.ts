// Named component schemas. Route schemas stay inline (Fastify validates and serializes them as they
// are); only the served document names them. A schema object is given a name once (the engine
// names each resource's response, create and patch bodies); every route schema that uses that very
// object gets, in the document only, a copy marked `x-schema-name`, and the finished document moves
// each marked schema into components.schemas and points to it with a $ref.
import type { OpenApiJson } from './common-errors.js';

export const SCHEMA_NAME_KEY = 'x-schema-name';

const NAMES = new WeakMap<object, string>();

/** Names a schema object (the first name given wins, so a name stays stable). */
export function nameSchema<T extends object>(schema: T, name: string): T {
  if (!NAMES.has(schema)) NAMES.set(schema, name);
  return schema;
}

/** A copy of a route schema in which each named schema object carries its name; the route's own objects are never changed. */
export function markNamedSchemas<T>(node: T): T {
  if (Array.isArray(node)) {
    const items = node.map(markNamedSchemas);
    return (items.some((item, i) => item !== node[i]) ? items : node) as T;
  }
  if (!node || typeof node !== 'object') return node;
  const name = NAMES.get(node);
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] = markNamedSchemas(value);
    if (copy[key] !== value) changed = true;
  }
  if (name) return { ...copy, [SCHEMA_NAME_KEY]: name } as T;
  return (changed ? copy : node) as T;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/**
 * Moves every marked schema of the document into components.schemas and replaces it by a $ref.
 * Two different schemas marked with one name would be a naming mistake: the second keeps a
 * numbered name (`Customer2`) rather than silently pointing to the wrong shape.
 */
export function hoistNamedSchemas(
  document: { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>,
): void {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  const known = new Map<string, string>(); // canonical text of a hoisted schema -> its name

  const hoist = (name: string, body: Record<string, unknown>): string => {
    const text = canonical(body);
    const same = known.get(`${name}\n${text}`);
    if (same) return same;
    let unique = name;
    for (let n = 2; schemas[unique]; n++) unique = `${name}${n}`;
    schemas[unique] = body;
    known.set(`${name}\n${text}`, unique);
    return unique;
  };

  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value);
    const name = out[SCHEMA_NAME_KEY];
    if (typeof name !== 'string') return out;
    delete out[SCHEMA_NAME_KEY];
    return { $ref: `#/components/schemas/${hoist(name, out)}` };
  };

  for (const key of Object.keys(document)) {
    if (key !== 'components') document[key] = visit(document[key]);
  }
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = visit(schema);
}

/** Canonical text of a JSON value (keys sorted), built bottom-up so each node is measured once. */
function canonicalTexts(root: unknown, texts: Map<object, string>): string {
  if (Array.isArray(root)) {
    const text = `[${root.map((item) => canonicalTexts(item, texts)).join(',')}]`;
    texts.set(root, text);
    return text;
  }
  if (!root || typeof root !== 'object') return JSON.stringify(root) ?? 'null';
  const keys = Object.keys(root).sort();
  const text = `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalTexts((root as Record<string, unknown>)[key], texts)}`).join(',')}}`;
  texts.set(root, text);
  return text;
}

const atPointer = (document: unknown, pointer: string): unknown =>
  pointer
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      document,
    );

/**
 * Names shapes the routes build themselves (no declaration to name them by): each name points to
 * one place of the finished document; every schema equal to the one found there becomes a $ref.
 * A pointer that finds nothing names nothing (the document test lists the names it expects).
 */
export function nameByShape(document: OpenApiJson, names: Record<string, string>): void {
  const schemas: Record<string, unknown> = document.components.schemas;
  const texts = new Map<object, string>();
  canonicalTexts(document, texts);
  const byText = new Map<string, string>();
  for (const [name, pointer] of Object.entries(names)) {
    const target = atPointer(document, pointer);
    // A free object (no properties) says nothing worth a name and would match every other one.
    if (
      !target ||
      typeof target !== 'object' ||
      !Object.keys((target as { properties?: object }).properties ?? {}).length ||
      schemas[name]
    )
      continue;
    const text = texts.get(target)!;
    if (byText.has(text)) continue;
    byText.set(text, name);
    schemas[name] = target;
  }
  const visit = (node: unknown, isRootOf?: string): unknown => {
    if (!node || typeof node !== 'object') return node;
    const name = byText.get(texts.get(node) ?? '');
    if (name && name !== isRootOf) return { $ref: `#/components/schemas/${name}` };
    if (Array.isArray(node)) return node.map((item) => visit(item));
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)]));
  };
  for (const key of Object.keys(document)) if (key !== 'components') document[key] = visit(document[key]);
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = visit(schema, name);
}
