// Processes a test file starts (servers, workers) are killed when the file ends, however it ends: after
// its tests, at exit, or when the runner stops it at its time limit (SIGTERM, scripts/run-tests.mjs).
// A failed or hanging test therefore never leaves a server behind nor keeps the run waiting for it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { join } from 'node:path';

/**
 * Node's arguments to run the command line (src/main.ts) with `args`: the test run's compiled copy
 * when there is one (scripts/test-build.mjs), else through tsx. Compiling at every start cost each
 * spawned server seconds of CPU.
 */
export function mainArgs(...args: string[]): string[] {
  const build = process.env.TEST_BUILD_DIR;
  return build
    ? ['--enable-source-maps', '--liftoff-only', join(build, 'src/main.js'), ...args]
    : ['--liftoff-only', '--import', 'tsx', 'src/main.ts', ...args];
}

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
  // A served process builds all route validators in the background (WARM_UP, src/main.ts): about a second and
  // a half of CPU that a test's server never needs, unless the test asks for it.
  const env = { WARM_UP: 'false', ...(options.env ?? process.env) };
  const child = spawn(command, args, { ...options, env });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
