// The served OpenAPI document with its component $refs inlined, for tests that walk a route's
// schemas as one tree (the document names its models in components.schemas).
import type { Json } from './test-app.js';
import type { FastifyInstance } from 'fastify';

export function inlineRefs<T>(document: T): T {
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
  const inline = (node: unknown, trail: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, trail));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (trail.includes(name)) return node; // a recursive model stays a reference
      return inline(schemas[name], [...trail, name]);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, trail)]));
  };
  return { ...document, paths: inline((document as { paths?: unknown }).paths, []) } as T;
}

/** GET /v2/openapi.json with its references inlined. */
export async function inlinedOpenApi(app: FastifyInstance): Promise<Json> {
  return inlineRefs((await app.inject({ method: 'GET', url: '/v2/openapi.json' })).json());
}
