// The getting-started guide (docs/getting-started.md), appended to the OpenAPI document's
// info.description: the reference page at /v2/docs shows it first, its headings in the sidebar.
import { readFileSync } from 'node:fs';

/** The guide as markdown, read once at start (a missing file is a broken checkout: fail loudly). */
export const GETTING_STARTED: string = readFileSync(
  new URL('../../../docs/getting-started.md', import.meta.url),
  'utf8',
);
