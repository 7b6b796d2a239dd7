// Named component schemas. Route schemas stay inline (Fastify validates and serializes them as they
// are); only the served document names them. A schema object is given a name once (the engine
// names each resource's response, create and patch bodies); every route schema that uses that very
// object gets, in the document only, a copy marked `x-schema-name`, and the finished document moves
// each marked schema into components.schemas and points to it with a $ref.
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

const canonical = (value: unknown): string => JSON.stringify(value, (_key, v) => (
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/**
 * Moves every marked schema of the document into components.schemas and replaces it by a $ref.
 * Two different schemas marked with one name would be a naming mistake: the second keeps a
 * numbered name (`Customer2`) rather than silently pointing to the wrong shape.
 */
export function hoistNamedSchemas(document: { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>): void {
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
