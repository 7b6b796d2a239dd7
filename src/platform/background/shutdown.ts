// Stopping a process on SIGTERM or SIGINT (`serve` and `worker`, main.ts): the work runs once; past the
// deadline, or at a second signal, the process exits 1 at once, naming what it still waited for.

type Log = { info(msg: string): void; error(obj: object, msg: string): void };

/** What a stop is waiting for: named steps, plus what a reporter says (the server's requests in flight). */
export interface ShutdownWaits {
  /** Names `work` as waited for until it settles. */
  track<T>(name: string, work: Promise<T> | T): Promise<T>;
  reportAlso(reporter: () => string[]): void;
  describe(): string;
}

export function shutdownWaits(): ShutdownWaits {
  const pending = new Map<string, number>();
  let alsoWaitingFor: () => string[] = () => [];
  return {
    reportAlso(reporter) {
      alsoWaitingFor = reporter;
    },
    async track(name, work) {
      pending.set(name, (pending.get(name) ?? 0) + 1);
      try {
        return await work;
      } finally {
        const left = (pending.get(name) ?? 1) - 1;
        if (left) pending.set(name, left);
        else pending.delete(name);
      }
    },
    describe() {
      const all = [...alsoWaitingFor(), ...pending.keys()];
      return all.length ? all.join('; ') : 'nothing named (exit handlers)';
    },
  };
}

export interface StopOnSignalOptions {
  log: Log;
  /** SHUTDOWN_TIMEOUT_SECONDS, in ms. */
  deadlineMs: number;
  waits: ShutdownWaits;
  stop: () => Promise<unknown>;
  /** One of several API processes: it stops on SIGTERM only, which the process that started it sends. */
  sigtermOnly?: boolean;
}

/** Runs stop() at the first SIGTERM or SIGINT, then exits 0; exits 1 at the deadline or at a second signal. */
export function stopOnSignal({ log, deadlineMs, waits, stop, sigtermOnly }: StopOnSignalOptions) {
  let isStopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isStopping) {
      log.error({}, `${signal} again: exiting at once; still waiting for: ${waits.describe()}`);
      process.exit(1);
    }
    isStopping = true;
    const started = Date.now();
    log.info(`${signal}: finishing in-flight work (a second SIGTERM or SIGINT exits at once)`);
    setTimeout(() => {
      log.error({}, `not stopped after ${deadlineMs / 1000} s, exiting anyway; still waiting for: ${waits.describe()}`);
      process.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => {
        log.info(`stopped in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', sigtermOnly ? () => {} : onSignal);
}
