// The OpenAPI document without a listening server, for the scripts that lint it and generate the
// client from it: createApp on a fresh in-memory database. The database is migrated first because
// start-up hooks run on app.ready() (abandoned imports are failed as the worker role, which only
// the migrations create); describing the routes itself reads no data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import type { OpenApiJson } from '../src/platform/openapi/common-errors.js';

export async function buildOpenApiDocument(): Promise<OpenApiJson> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewbase-openapi-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'openapi-build-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    WEBHOOK_WORKER: 'off',
  });
  const database = await openDatabase({
    kind: 'pglite-instance',
    pglite: await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }),
  });
  await migrate(database);
  const app = await createApp({ config, database, logger: false });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger()));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
