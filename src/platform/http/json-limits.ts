// Bounds on the shape of JSON input. A body nested thousands of levels deep parses fine but makes
// every recursive step after it (validation, JSON.stringify on the way to the database) overflow the
// stack, so it is refused before any handler runs; free-form objects have their own, tighter bounds.
// Every check here is a loop with an explicit stack: a check must not overflow on what it refuses.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeywordDefinition } from 'ajv';
import { BadRequest } from './errors.js';

/** Deepest nesting of arrays and objects a request body may have (`{}` is depth 1). */
export const MAX_BODY_DEPTH = 32;

const OPEN_OBJECT = 0x7b,
  CLOSE_OBJECT = 0x7d,
  OPEN_ARRAY = 0x5b,
  CLOSE_ARRAY = 0x5d,
  QUOTE = 0x22,
  BACKSLASH = 0x5c;

/** Whether JSON text nests arrays and objects deeper than `max`, read without parsing it. */
export function textNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces the JSON body parser of `app` (and the plugins registered after it): bodies nested
 * deeper than MAX_BODY_DEPTH are a 400 naming the limit; the rest goes to Fastify's own parser
 * (empty bodies, prototype poisoning and syntax errors are handled as before).
 */
export function registerBodyDepthLimit(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (textNestsDeeperThan(text, MAX_BODY_DEPTH)) {
        done(
          BadRequest(`The body is nested deeper than ${MAX_BODY_DEPTH} levels of arrays and objects`, [
            { path: '(body)', message: `nests deeper than ${MAX_BODY_DEPTH} levels` },
          ]),
          undefined,
        );
        return;
      }
      parse(request, text, done);
    },
  );
}

export interface FreeJsonLimits {
  /** Levels of arrays and objects, the free object itself included. */
  maxDepth: number;
  /** Properties of any object inside, and items of any array inside. */
  maxProperties: number;
  maxItems: number;
  maxKeyLength: number;
}

/** The first limit a free-form value breaks, as a message naming the limit and where, or undefined. */
export function freeJsonViolation(value: unknown, limits: FreeJsonLimits): string | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 1, path: '' }];
  while (stack.length) {
    const { value: node, depth, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const where = path ? ` at ${path.slice(1)}` : '';
    if (depth > limits.maxDepth) return `nests deeper than ${limits.maxDepth} levels${where}`;
    if (Array.isArray(node)) {
      if (node.length > limits.maxItems) return `has an array of more than ${limits.maxItems} items${where}`;
      node.forEach((item, i) => {
        stack.push({ value: item, depth: depth + 1, path: `${path}.${i}` });
      });
    } else {
      const entries = Object.entries(node);
      if (entries.length > limits.maxProperties)
        return `has an object of more than ${limits.maxProperties} properties${where}`;
      for (const [key, item] of entries) {
        if (key.length > limits.maxKeyLength) return `has a key longer than ${limits.maxKeyLength} characters${where}`;
        stack.push({ value: item, depth: depth + 1, path: `${path}.${key}` });
      }
    }
  }
  return undefined;
}

/** ajv keyword `x-freeJson: FreeJsonLimits` (free-form objects of stored documents). */
export const freeJsonKeyword: KeywordDefinition = {
  keyword: 'x-freeJson',
  schemaType: 'object',
  errors: true,
  validate: function validate(limits: FreeJsonLimits, data: unknown) {
    const message = freeJsonViolation(data, limits);
    if (message === undefined) return true;
    (validate as unknown as { errors: object[] }).errors = [{ keyword: 'x-freeJson', message, params: { limits } }];
    return false;
  },
};
