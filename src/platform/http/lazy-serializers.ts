// Response serializers compiled on a route's first answer rather than when the app starts: most of
// the ~270 routes' serializers are never needed by a short-lived process or a test, and compiling
// them all costs about half a second. Fastify's own compiler does the work; only the timing changes.
// The serializer (fast-json-stringify) also writes a missing field's `default` at every level, which
// keeps every field of a record in its answer (schema-shapes.ts presentFields); answers sent as JSON
// text (the job read model) do not pass through it and get their defaults in SQL (recordJson).
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

const compilerFactory = SerializerSelector();
type Serialize = (doc: unknown) => string;

// A serializer depends only on its schema, the app's shared schemas and the serializer options, so one
// compiled for the same texts is reused by every app of the process. A server has one app, but a test
// process builds one per test file, and compiled the same serializers again for each: a profile of the suite put
// 46 s of CPU in compiling them, and with this two folders' share fell from 6.7 to 1.9 s and from 7.2 to 1.8 s.
// Keyed first by the app's shared schemas and options, then by the route's schema.
const compiledByContext = new Map<string, Map<string, Serialize>>();
let compilations = 0;
/** How many serializers this process has compiled (its test reads it). */
export const serializersCompiled = () => compilations;

export const lazySerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = compilerFactory(externalSchemas, options);
  let compiled: Map<string, Serialize> | undefined;
  const compileOnce = (route: Parameters<typeof compile>[0]): Serialize => {
    if (!compiled) {
      const context = JSON.stringify([externalSchemas, options]);
      compiled = compiledByContext.get(context);
      if (!compiled) compiledByContext.set(context, (compiled = new Map()));
    }
    const key = JSON.stringify(route.schema);
    let serialize = compiled.get(key);
    if (!serialize) {
      compilations++;
      compiled.set(key, (serialize = compile(route) as Serialize));
    }
    return serialize;
  };
  return (route) => {
    let serialize: Serialize | undefined;
    return (doc) => (serialize ??= compileOnce(route))(doc);
  };
};
