// Builds the OpenAPI document without a server (openapi-build.ts) and lints it with Redocly's recommended rules (redocly.yaml).
// `npm run lint:openapi` exits non-zero on errors; `-- --out file.json` only writes the document.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from './openapi-build.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const document = await buildOpenApiDocument();
const out = outIndex >= 0 ? args[outIndex + 1] : undefined;
if (outIndex >= 0 && !out) throw new Error('--out needs a file name');
if (out) {
  writeFileSync(out, JSON.stringify(document, null, 2));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-openapi-lint-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const result = spawnSync('npx', ['redocly', 'lint', file, '--format=summary', '--max-problems', '2000', ...args], {
    stdio: 'inherit',
  });
  rmSync(dir, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}
