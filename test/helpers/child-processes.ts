// Processes a test file starts (servers, workers) are killed when the file ends, however it ends: after
// its tests, at exit, or when the runner stops it at its time limit (SIGTERM, scripts/run-tests.mjs).
// A failed or hanging test therefore never leaves a server behind nor keeps the run waiting for it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const running = new Set<ChildProcess>();

export function killChildren(): void {
  for (const child of running) child.kill('SIGKILL');
}

process.once('exit', killChildren);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    killChildren();
    process.exit(1);
  });
}

/** `spawn`, with the child killed when this test file's process ends. */
export function spawnChild(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
