// `npm run client:generate`: builds the OpenAPI document without a server (openapi-build.ts) and writes
// clients/typescript/openapi.json and the client's generated types. `--check` (npm run
// client:check, in CI) regenerates in memory and fails when the committed files differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from './openapi-build.js';
import { openApiToTypeScript } from './openapi-to-typescript.js';

const CLIENT_DIR = new URL('../clients/typescript/', import.meta.url);

const document = await buildOpenApiDocument();
const files: Record<string, string> = {
  'openapi.json': `${JSON.stringify(document, null, 2)}\n`,
  'src/api-types.ts': openApiToTypeScript(document),
};

if (process.argv.includes('--check')) {
  const stale = Object.entries(files)
    .filter(([name, text]) => {
      try {
        return readFileSync(new URL(name, CLIENT_DIR), 'utf8') !== text;
      } catch {
        return true;
      }
    })
    .map(([name]) => `clients/typescript/${name}`);
  if (stale.length) {
    console.error(
      `The TypeScript client is stale (${stale.join(', ')}): run npm run client:generate and commit the result.`,
    );
    process.exit(1);
  }
  console.log('The TypeScript client matches the API.');
} else {
  for (const [name, text] of Object.entries(files)) writeFileSync(new URL(name, CLIENT_DIR), text);
  console.log(
    `Wrote clients/typescript/openapi.json (${Object.keys(document.paths).length} paths) and src/api-types.ts.`,
  );
}
