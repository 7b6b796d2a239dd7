// Packages that only some requests or settings need, loaded when first used instead of at every start (each cost
// the start tens to hundreds of milliseconds of CPU), for synchronous callers: the package's CommonJS build,
// through require. (Asynchronous callers use `await import(…)`.)
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A function that returns the package `name`, loading it at its first call. */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
