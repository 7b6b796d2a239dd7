// The real server process (src/main.ts) for tests of what only a process shows: signals, exit codes,
// connections. Started through child-processes.ts, so it is killed when the test file ends.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { mainArgs, spawnChild } from './child-processes.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `isDone` every 20 ms; fails after `timeoutMs`. */
export async function until(isDone: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** [exit code, signal], listened for from the start so an early exit is never missed. */
  exited: Promise<unknown[]>;
  output(): string;
}

/** Starts `serve` (resolves once it listens) or `worker` (once it says it started) with a test's settings. */
export function startServer(
  dataDir: string,
  databaseUrl: string,
  command: 'serve' | 'worker' = 'serve',
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const ready =
    command === 'serve' ? /listening at (http:\/\/127\.0\.0\.1:(\d+))/ : /(webhook delivery worker started)()/;
  const child = spawnChild(process.execPath, mainArgs(command), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'x'.repeat(40),
      // Tests sign up over HTTP: open, without a challenge or a per-address limit.
      SIGNUP: 'open',
      SIGNUP_PROOF_BITS: '0',
      SIGNUP_PER_IP_PER_HOUR: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${output}`));
    }, 90_000);
    child.stdout!.on('data', () => {
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, base: match[1]!, port: Number(match[2]), exited, output: () => output });
      }
    });
    void exited.then(([code]) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${output}`));
    });
  });
}

/** A raw connection that collects what the server sends and notes when it closes. */
export async function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let closedAt = 0;
  const closed = once(socket, 'close').then(() => {
    closedAt = Date.now();
  });
  socket.on('error', () => {
    /* a reset shows as the close */
  });
  await once(socket, 'connect');
  const connection = { socket, closed, received: '', closedAt: () => closedAt };
  socket.on('data', (chunk) => {
    connection.received += chunk;
  });
  return connection;
}
