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

/** A validator that compiles on its first call; it carries `errors` as ajv's own functions do. */
function lazyValidator(instance: Ajv.default, schema: object) {
  let compiledFn: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    compiledFn ??= compileOnce(instance, schema);
    const isValid = compiledFn(data) as boolean;
    validate.errors = compiledFn.errors;
    return isValid;
  };
  validate.errors = undefined as ValidateFunction['errors'];
  return validate;
}

export function routeValidatorCompiler({ schema, httpPart }: { schema: object; httpPart?: string }) {
  return lazyValidator(httpPart === 'body' ? ajv : coercing, schema);
}

export function compileValidator(schema: object): (value: unknown) => FieldError[] {
  const validate = lazyValidator(ajv, schema);
  return (value) => (validate(value) ? [] : fieldErrorsOf(validate.errors ?? []));
}
