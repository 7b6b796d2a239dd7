// A node:test reporter that writes, as JSON lines, each test file's start and wall time (from the start of its
// process to its end), and each failed test with the start of its error; run-tests.mjs reads them to print the
// slowest files and, last, the failures, where a reader of a long log (or only of its end) finds them.
const ERROR_CHARS = 800;

function errorText(error) {
  const cause = error?.cause ?? error;
  // The project's own frames only: node's internal ones fill the space and say nothing about the failure.
  const text = String(cause?.stack ?? cause?.message ?? cause)
    .split('\n')
    .filter((line) => !/^\s*at /.test(line) || /\/(test|src|scripts)\//.test(line))
    .join('\n');
  return text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS)}…` : text;
}

export default async function* fileTimes(source) {
  const files = new Map();
  const failures = [];
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    // A suite fails when one of its tests does; the test is the one to name.
    if (event.type === 'test:fail' && event.data.details?.type !== 'suite')
      failures.push({ kind: 'fail', file, name: event.data.name, error: errorText(event.data.details?.error) });
    // The file itself is a test named by its path: dequeued when its process starts, complete when it
    // ends (its own tests are reported after that). It fails on its own when its process does (a timeout, a crash).
    if (event.data.name !== file) continue;
    if (event.type === 'test:dequeue') files.set(file, { start: Date.now(), end: Date.now() });
    if (event.type === 'test:complete' && files.has(file)) files.get(file).end = Date.now();
  }
  // `at`: when it started (ms since 1970), so the run can say which ran alone at its end.
  for (const [file, { start, end }] of files) yield `${JSON.stringify({ file, ms: end - start, at: start })}\n`;
  for (const failure of failures) yield `${JSON.stringify(failure)}\n`;
}
