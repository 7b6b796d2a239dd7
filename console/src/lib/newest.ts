// Answers can come back out of order: a request for last week's board, an earlier page, another filter or
// another record may be answered after the one the user asked for since, and would then replace what the
// screen shows with the older answer. Every screen that loads again when its input changes takes its answers
// through one of these two: `whileCurrent` for a load in an effect, `useNewest` for a load a callback repeats.
import { useCallback, useRef } from 'preact/hooks';

/**
 * A wrapper for one kind of request of a component: only the newest request's answer (or failure) comes
 * through; the promise of a request overtaken by a newer one never settles. Wrap the whole load, follow-up
 * requests included, so that a load overtaken while it waits for those is dropped as well.
 */
export function useNewest(): <T>(request: Promise<T>) => Promise<T> {
  const last = useRef(0);
  return useCallback(<T>(request: Promise<T>): Promise<T> => {
    const mine = ++last.current;
    const overtaken = () => new Promise<never>(() => {});
    return request.then(
      (answer) => (mine === last.current ? answer : overtaken()),
      (failure: unknown) => (mine === last.current ? Promise.reject(failure) : overtaken()),
    );
  }, []);
}

/**
 * For an effect that loads: `take` gets the answer (and `fail` the failure) only while the effect is current,
 * not after its input changed or its screen closed. Returns the effect's cleanup:
 * `useEffect(() => whileCurrent(client.call(...), setList, setError), [client, page])`.
 */
export function whileCurrent<T>(
  request: Promise<T>,
  take: (answer: T) => void,
  fail: (failure: unknown) => void = () => undefined,
): () => void {
  let current = true;
  request.then(
    (answer) => current && take(answer),
    (failure: unknown) => current && fail(failure),
  );
  return () => {
    current = false;
  };
}
