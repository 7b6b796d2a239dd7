// One ajv configuration for route schemas and for the engine's own checks (merged PATCH results).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldError } from './errors.js';
import { fieldErrorsOf } from './field-errors.js';
import { dateOrDateTimeKeyword } from './date-input.js';
import { freeJsonKeyword } from './json-limits.js';

export const AJV_OPTIONS = {
  removeAdditional: false, // unknown fields are rejected (400), not silently dropped
  useDefaults: true,
  coerceTypes: 'array',
  allErrors: true,
  strict: false,
  // ajv's optimizing pass over the code it generates: compiling the 549 route validators took 1.9 s of CPU
  // with it, 1.0-1.3 s without, while a validation ran at most a fifth of a microsecond slower (0.7-0.85 µs).
  code: { optimize: false },
} as const;

function newAjv(coerceTypes: false | 'array') {
  const instance = new Ajv.default({ ...AJV_OPTIONS, coerceTypes });
  addFormats.default(instance);
  instance.addKeyword(freeJsonKeyword);
  instance.addKeyword(dateOrDateTimeKeyword);
  return instance;
}

// Query strings, path parameters and headers are text, so they are coerced ("5" -> 5); a JSON body
// is not: `null` must stay null (it removes a field in a PATCH) and 123 is no name.
const ajv = newAjv(false);
const coercing = newAjv('array');

// A validator is compiled when its route is first used, not when the app starts: around 270 routes
// compile to about a second and a half of CPU, most of which a process (or a test) never needs. The
// same schema is compiled once per process.
const compiled = new Map<string, ValidateFunction>();

function compileOnce(instance: Ajv.default, schema: object): ValidateFunction {
  const key = `${instance === ajv ? 'body' : 'text'}:${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = instance.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

// Validators no call has built yet: warmValidators builds them in the background after the server listens.
const unbuilt = new Set<() => void>();

/** A validator that compiles on its first call; it carries `errors` as ajv's own functions do. */
function lazyValidator(instance: Ajv.default, schema: object) {
  let compiledFn: ValidateFunction | undefined;
  const build = () => {
    unbuilt.delete(build);
    compiledFn = compileOnce(instance, schema);
    return compiledFn;
  };
  unbuilt.add(build);
  const validate = (data: unknown): boolean => {
    const fn = compiledFn ?? build();
    const isValid = fn(data) as boolean;
    validate.errors = fn.errors;
    return isValid;
  };
  validate.errors = undefined as ValidateFunction['errors'];
  return validate;
}

/**
 * Builds the validators no request has needed yet, one per turn of the event loop, so requests in
 * between are answered: without it, the first request of each route after a start waited for its
 * validators (measured: stalls of 200-800 ms in the capacity bench's first minute). Returns how many
 * it built; stops early when `signal` aborts (the server is stopping).
 */
export async function warmValidators(signal?: AbortSignal): Promise<number> {
  let built = 0;
  for (const build of [...unbuilt]) {
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) break;
    if (!unbuilt.has(build)) continue; // a request built it meanwhile
    build();
    built += 1;
  }
  return built;
}

/** How many validators are still to be built on first use (for tests and the start-up log). */
export const unbuiltValidators = () => unbuilt.size;

export function routeValidatorCompiler({ schema, httpPart }: { schema: object; httpPart?: string }) {
  return lazyValidator(httpPart === 'body' ? ajv : coercing, schema);
}

export function compileValidator(schema: object): (value: unknown) => FieldError[] {
  const validate = lazyValidator(ajv, schema);
  return (value) => (validate(value) ? [] : fieldErrorsOf(validate.errors ?? []));
}
