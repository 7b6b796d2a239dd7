// Response serializers compiled on a route's first answer rather than when the app starts: most of
// the ~270 routes' serializers are never needed by a short-lived process or a test, and compiling
// them all costs about half a second. Fastify's own compiler does the work; only the timing changes.
// The serializer (fast-json-stringify) also writes a missing field's `default` at every level, which
// keeps every field of a record in its answer (schema-shapes.ts presentFields); answers sent as JSON
// text (the job read model) do not pass through it and get their defaults in SQL (recordJson).
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

const compilerFactory = SerializerSelector();

export const lazySerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = compilerFactory(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};
