// Several API processes on one port (API_PROCESSES, `serve` on PostgreSQL): one Node process answers on one
// core, so on a machine of several cores one process is the bound long before the database is. The first
// process migrates the database, then starts the API processes (node:cluster; the port's connections are
// dealt to them in turn) and only watches them: it restarts one that dies, and on SIGTERM or SIGINT stops
// them all, each finishing its requests as a single server does. Each is the same stateless server that
// several machines would run behind a load balancer (docs/scaling.md); only the first of them runs the
// webhook delivery and the background tasks, as a separate `worker` process would.
import cluster, { type Worker } from 'node:cluster';

/** The variable that numbers an API process (0 to count - 1) and tells it it is one of several. */
const INDEX_VARIABLE = 'CREWBASE_API_PROCESS';
/** A process that died is started again after this; more than MAX_RESTARTS within RESTART_WINDOW_MS end the run. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

type Log = (line: string) => void;

/** This process's number when it is one of several API processes, else undefined. */
export function apiProcessIndex(): number | undefined {
  return cluster.isWorker && process.env[INDEX_VARIABLE] !== undefined
    ? Number(process.env[INDEX_VARIABLE])
    : undefined;
}

/** Whether this process is to start the API processes rather than be one. */
export const startsApiProcesses = (count: number) => count > 1 && cluster.isPrimary;

/**
 * Starts `count` API processes (this program again, with the same arguments) and watches them until a
 * signal stops them; resolves with the exit code for this process: 0 when all stopped cleanly.
 */
export function runApiProcesses(count: number, log: Log): Promise<number> {
  const started = new Map<Worker, number>(); // process -> its index
  const restarts: number[] = [];
  let stopping = false;
  let failed = false;

  const start = (index: number) => {
    const worker = cluster.fork({ [INDEX_VARIABLE]: String(index) });
    started.set(worker, index);
  };

  return new Promise((settle) => {
    // Once settled, this process is done with its members: its listeners go, so that they hold nothing.
    const resolve = (code: number) => {
      cluster.off('exit', onExit);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      settle(code);
    };
    const onExit = (worker: Worker, code: number, signal: string | null) => {
      const index = started.get(worker);
      started.delete(worker);
      if (index === undefined) return;
      if (stopping) {
        if (code !== 0) failed = true;
        if (started.size === 0) resolve(failed ? 1 : 0);
        return;
      }
      const exit = `API process ${index} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`})`;
      const now = Date.now();
      restarts.push(now);
      while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        log(`${exit}; more than ${MAX_RESTARTS} died within ${RESTART_WINDOW_MS / 1000} s: stopping`);
        failed = true;
        stopAll();
        if (started.size === 0) resolve(1);
        return;
      }
      log(`${exit}; starting it again`);
      // Not unref'd: while every API process is down, this timer is all that keeps this process running.
      setTimeout(() => stopping || start(index), RESTART_DELAY_MS);
    };
    cluster.on('exit', onExit);

    // Each member stops on SIGTERM only (it ignores SIGINT, which a terminal's Ctrl-C sends the whole group):
    // this process turns each of its signals into one SIGTERM per member, so a second signal still means
    // "at once", as for a single server.
    const stopAll = () => {
      stopping = true;
      for (const worker of started.keys()) worker.process.kill('SIGTERM');
    };
    const onSignal = (signal: NodeJS.Signals) => {
      log(`${signal}: stopping ${started.size} API process(es)`);
      stopAll();
      if (started.size === 0) resolve(failed ? 1 : 0);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);

    for (let index = 0; index < count; index++) start(index);
    log(`${count} API processes started`);
  });
}
