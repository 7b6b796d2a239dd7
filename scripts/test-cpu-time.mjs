// Loaded into each test file's process (--import, scripts/run-tests.mjs): at exit it appends the CPU time the
// process used (all its threads: app, PGlite, argon2) to TEST_CPU_FILE, as a JSON line. Unlike wall time
// it hardly changes with what else runs on the machine.
import { appendFileSync } from 'node:fs';

const file = process.env.TEST_CPU_FILE;
// NODE_TEST_CONTEXT is set in the files' processes only, not in the runner's, which loads this too.
if (file && process.env.NODE_TEST_CONTEXT)
  process.once('exit', () => {
    const { user, system } = process.cpuUsage();
    appendFileSync(file, `${JSON.stringify({ file: process.argv[1], ms: Math.round((user + system) / 1000) })}\n`);
  });
