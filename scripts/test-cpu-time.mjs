// Loaded into each test file's process (--import, scripts/run-tests.mjs): at exit it appends the CPU time the
// process used (all its threads: app, PGlite, argon2) to TEST_CPU_FILE, as a JSON line. Unlike wall time
// it hardly changes with what else runs on the machine. `childMs` is what the processes it started and waited
// for used (servers, commands, chromium, the JVM; Linux's cutime + cstime), which its own figure leaves out.
import { appendFileSync, readFileSync } from 'node:fs';

/** CPU ms of the waited-for children, from /proc/self/stat (in USER_HZ, 100 a second); undefined elsewhere. */
function childMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) * 10;
  } catch {
    return undefined;
  }
}

const file = process.env.TEST_CPU_FILE;
// NODE_TEST_CONTEXT is set in the files' processes only, not in the runner's, which loads this too.
if (file && process.env.NODE_TEST_CONTEXT)
  process.once('exit', () => {
    const { user, system } = process.cpuUsage();
    const line = { file: process.argv[1], ms: Math.round((user + system) / 1000), childMs: childMs() };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
