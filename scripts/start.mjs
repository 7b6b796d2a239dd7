// `npm start`, `npm run cli`, `worker`, `migrate`: runs the command line (src/main.ts) compiled, with plain node.
// The build is the one of the sources as they are now (scripts/build.mjs: named by their content hash), compiled
// first when there is none, so a changed source is never run stale. Arguments as for src/main.ts.
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './build.mjs';

let entry;
try {
  entry = await ensureBuilt(undefined, (line) => console.error(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
process.setSourceMapsEnabled(true); // stack traces name the .ts lines, as under tsx
await import(pathToFileURL(entry).href);
