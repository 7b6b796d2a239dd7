// A promise with its resolve and reject at hand (Node 20 has no Promise.withResolvers).

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/**
 * A promise settled from outside. Its rejection counts as handled: it is awaited where it matters, and a rejection
 * nobody waits for is not an error of the process.
 */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}
