// An open-loop load: requests leave at a fixed arrival rate whatever the server does, as users'
// clicks do, instead of autocannon's closed loop (a connection sends its next request only once the
// last one is answered, so a slow server is asked less and its queueing never shows: coordinated
// omission). Each request's latency is measured from its intended send time, so time spent waiting
// behind a slow answer counts.

export interface Sample {
  type: string;
  /** From the intended send time to the end of the answer, ms. */
  latencyMs: number;
  ok: boolean;
}

/** What one request does: sends it and says whether the answer was the expected one. */
export type Send = (index: number) => { type: string; done: Promise<boolean> };

/** The intended send time (ms after the start) of request `index` at `rate` per second: evenly spaced. */
export const intendedAt = (index: number, rate: number) => (index * 1000) / rate;

/** How many requests a step of `seconds` at `rate` per second sends. */
export const requestsIn = (rate: number, seconds: number) => Math.floor(rate * seconds);

export interface OpenLoopOptions {
  rate: number;
  seconds: number;
  send: Send;
  /** Requests allowed in flight; beyond it a request is not sent and counts as failed (the server is lost). */
  maxInFlight?: number;
  now?: () => number;
  /** Waits about `ms` (a timer; tests pass a fake clock's advance). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends `rate` requests per second for `seconds` and resolves with every request's sample once all ended. */
export async function runOpenLoop(options: OpenLoopOptions): Promise<Sample[]> {
  const { rate, seconds, send, maxInFlight = 4096 } = options;
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? realSleep;
  const total = requestsIn(rate, seconds);
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  let inFlight = 0;
  const start = now();
  let next = 0;
  while (next < total) {
    const elapsed = now() - start;
    // Every request whose time has come leaves now (after a late timer, several at once).
    while (next < total && intendedAt(next, rate) <= elapsed) {
      const intended = start + intendedAt(next, rate);
      if (inFlight >= maxInFlight) {
        samples.push({ type: 'shed', latencyMs: now() - intended, ok: false });
      } else {
        inFlight++;
        const { type, done } = send(next);
        pending.push(
          done
            .catch(() => false)
            .then((ok) => {
              inFlight--;
              samples.push({ type, latencyMs: now() - intended, ok });
            }),
        );
      }
      next++;
    }
    if (next < total) await sleep(Math.max(0, Math.min(5, intendedAt(next, rate) - (now() - start))));
  }
  await Promise.all(pending);
  return samples;
}

/** The value below which `share` (0..1) of the sorted values lie (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank]!;
}

export interface TypeStats {
  type: string;
  count: number;
  failed: number;
  p50: number;
  p99: number;
}

/** p50/p99 per request type and over all (type '*'); failed requests count with their latency. */
export function summarize(samples: readonly Sample[]): TypeStats[] {
  const byType = new Map<string, Sample[]>([['*', [...samples]]]);
  for (const sample of samples) {
    const list = byType.get(sample.type) ?? [];
    list.push(sample);
    byType.set(sample.type, list);
  }
  return [...byType].map(([type, list]) => {
    const sorted = list.map((s) => s.latencyMs).sort((a, b) => a - b);
    return {
      type,
      count: list.length,
      failed: list.filter((s) => !s.ok).length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  });
}
