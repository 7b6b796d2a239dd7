// A node:test reporter that writes each test file's wall time (from the start of its process to its
// end) as JSON lines; run-tests.mjs reads them to print the slowest files.
export default async function* fileTimes(source) {
  const files = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    // The file itself is a test named by its path: dequeued when its process starts, complete when it
    // ends (its own tests are reported after that).
    if (!file || event.data.name !== file) continue;
    if (event.type === 'test:dequeue') files.set(file, { start: performance.now(), end: performance.now() });
    if (event.type === 'test:complete' && files.has(file)) files.get(file).end = performance.now();
  }
  for (const [file, { start, end }] of files) yield `${JSON.stringify({ file, ms: Math.round(end - start) })}\n`;
}
