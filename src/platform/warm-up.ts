// Work a fresh process would otherwise do inside the first request that needs it: packages loaded on first use
// (lazy-require.ts, so that a start stays short) and the state built from them. Done in the background once the
// server listens, one piece per turn of the event loop, so requests in between are still answered. Measured in
// the capacity bench's first step on a 2-core machine, under a CPU profiler: the holiday calendar's load (about
// 150 ms, at the first clock-in's pay context) and undici's (about 60 ms, at the first webhook) each held every
// request behind them, and together they put the step's p99 over 100 ms.

interface Warmer {
  name: string;
  warm: () => unknown;
}

const warmers: Warmer[] = [];

/** Registers work for warmUp; a module registers its own once, when it is first evaluated. */
export function warmAfterStart(name: string, warm: () => unknown): void {
  warmers.push({ name, warm });
}

/**
 * Runs the registered work, each piece in its own turn of the event loop, and returns the names done. A piece that
 * fails is left for its first request (which then reports the failure as it would have); stops when `signal` aborts.
 */
export async function warmUp(signal?: AbortSignal): Promise<string[]> {
  const done: string[] = [];
  for (const { name, warm } of [...warmers]) {
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) break;
    try {
      await warm();
      done.push(name);
    } catch {
      // left to the request that needs it
    }
  }
  return done;
}
