// One ajv configuration for route schemas and for the engine's own checks (merged PATCH results).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FieldError } from './errors.js';
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
  return instance;
}

// Query strings, path parameters and headers are text, so they are coerced ("5" -> 5); a JSON body
// is not: `null` must stay null (it removes a field in a PATCH) and 123 is no name.
const ajv = newAjv(false);
const coercing = newAjv('array');

export const routeValidatorCompiler = ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
  (httpPart === 'body' ? ajv : coercing).compile(schema);

export function compileValidator(schema: object): (value: unknown) => FieldError[] {
  const validate: ValidateFunction = ajv.compile(schema);
  return (value) => {
    if (validate(value)) return [];
    return (validate.errors ?? []).map((item) => {
      const base = item.instancePath.slice(1).replaceAll('/', '.');
      const params = item.params as { additionalProperty?: string; missingProperty?: string };
      const leaf = params.additionalProperty ?? params.missingProperty;
      return {
        path: [base, leaf].filter(Boolean).join('.') || '(body)',
        message: params.additionalProperty ? 'is not a known field' : item.message ?? 'is invalid',
      };
    });
  };
}
