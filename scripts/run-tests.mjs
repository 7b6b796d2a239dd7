// Runs every test file under test/ with node's test runner (through tsx for TypeScript).
// VALIDATE_RESPONSES=1 checks every JSON answer against its route's response schema
// (test/helpers/response-check.ts) and prints how many were checked and how many did not match.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return find(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = process.argv.slice(2).length ? process.argv.slice(2) : find('test').sort();
const checking = process.env.VALIDATE_RESPONSES === '1';
const reportDir = checking ? mkdtempSync(join(tmpdir(), 'crewbase-responses-')) : undefined;
const env = reportDir ? { ...process.env, RESPONSE_CHECK_DIR: reportDir } : process.env;
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit', env });

if (reportDir) {
  const reports = readdirSync(reportDir).map((name) => JSON.parse(readFileSync(join(reportDir, name), 'utf8')));
  const checked = reports.reduce((sum, r) => sum + r.checked, 0);
  const mismatches = reports.flatMap((r) => r.mismatches);
  const withoutSchema = [...new Set(reports.flatMap((r) => r.routesWithoutSchema))].sort();
  for (const m of mismatches) console.log(`response mismatch: ${m.method} ${m.url} ${m.status}: ${m.errors.join('; ')}`);
  if (process.env.VALIDATE_RESPONSES_VERBOSE === '1') for (const route of withoutSchema) console.log(`JSON answer without a response schema: ${route}`);
  console.log(`responses checked against their schemas: ${checked}; mismatches: ${mismatches.length}; JSON answers without a schema: ${reports.reduce((sum, r) => sum + r.withoutSchema, 0)} (${withoutSchema.length} route/status pairs)`);
  rmSync(reportDir, { recursive: true, force: true });
  if (mismatches.length && result.status === 0) process.exit(1);
}
process.exit(result.status ?? 1);
