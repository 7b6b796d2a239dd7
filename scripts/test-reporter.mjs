// node's own reporter (TEST_REPORTER_BASE: spec, or else tap), with the compiled copies' paths in its output
// (scripts/test-build.mjs, folder in TEST_BUILD_DIR) written as the .ts files they came from.
import { Readable } from 'node:stream';
import { spec, tap } from 'node:test/reporters';
import { ORDER_DIR } from './test-schedule.mjs';

/** Replaces `<build dir>/<path>.js` by `<checkout>/<path>.ts` in a text. */
export function sourcePaths(buildDir = process.env.TEST_BUILD_DIR, root = process.cwd()) {
  if (!buildDir) return (text) => text;
  const escaped = buildDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A run is given to node through a link under order/<nnnn>/ (test-schedule.mjs): named as the file it links.
  const compiled = new RegExp(`(?:file://)?${escaped}/(?:${ORDER_DIR}/\\d+/)?([^\\s'":)]+?)\\.js\\b`, 'g');
  return (text) =>
    text.replace(compiled, (match, path) => `${match.startsWith('file:') ? 'file://' : ''}${root}/${path}.ts`);
}

export default async function* sourcePathReporter(source) {
  // spec makes a Transform stream; tap is an async generator over the events.
  const output = process.env.TEST_REPORTER_BASE === 'spec' ? Readable.from(source).pipe(spec()) : tap(source);
  const rewrite = sourcePaths();
  for await (const chunk of output) yield rewrite(String(chunk));
}
