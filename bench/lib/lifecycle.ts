// Cleanup that runs however a benchmark ends: success, failure or Ctrl-C / SIGTERM.
// Steps are undone in reverse order of registration (children first, then the database).

const cleanups: Array<() => unknown> = [];

export function onCleanup(step: () => unknown): void {
  cleanups.push(step);
}

export async function cleanup(): Promise<void> {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

export function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** Runs a benchmark's main function, cleaning up on every exit path. */
export function runBenchmark(main: () => Promise<void>): void {
  let isStopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (isStopping) return;
      isStopping = true;
      console.error(`\n${signal}: cleaning up`);
      // Dropping the database cuts the connections still in use in this process; their errors are expected now.
      process.on('uncaughtException', (error) => console.error(`(while stopping: ${error.message})`));
      void cleanup().finally(() => process.exit(130));
    });
  }
  main()
    .catch((error) => {
      if (isStopping) return; // a signal ended the run; its errors are expected
      console.error('benchmark failed:', error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    })
    .finally(() => (isStopping ? undefined : cleanup())); // after a signal, its handler cleans up
}
