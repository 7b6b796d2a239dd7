// `npm run client:generate`: builds the OpenAPI document without a server (createApp on an empty
// in-memory database; nothing is queried to describe the routes) and writes
// clients/typescript/openapi.json and the client's generated types. `--check` (npm run
// client:check, in CI) regenerates in memory and fails when the committed files differ.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/platform/db/database.js';
import { openApiToTypeScript } from './openapi-to-typescript.js';

const CLIENT_DIR = new URL('../clients/typescript/', import.meta.url);

async function buildDocument(): Promise<Record<string, any>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-client-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'client-generation-only-0123456789abcdef',
    LOG_LEVEL: 'silent',
    WEBHOOK_WORKER: 'off',
  });
  const database = await openDatabase({
    kind: 'pglite-instance',
    pglite: await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }),
  });
  const app = await createApp({ config, database, logger: false });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger()));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const document = await buildDocument();
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
