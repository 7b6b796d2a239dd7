// `npm run cli -- import <collection> <file.csv> --company <id> [--mapping m.json] [--dry-run]` as a
// child process on a temporary embedded database: plain progress lines on a non-terminal stderr,
// the report as JSON on stdout, a dry run writing nothing, the re-import updating by number, and
// exit code 1 for a file with a bad row or an unknown company.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progressPrinter } from '../../src/modules/imports/cli-import.js';
import type { ImportReport } from '../../src/modules/imports/import-store.js';
import { mainArgs } from '../helpers/child-processes.js';
import { migratedDataDir } from '../helpers/test-app.js';

let root: string;
let env: NodeJS.ProcessEnv;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'crewbase-cli-import-'));
  env = {
    ...process.env,
    DATA_DIR: await migratedDataDir(join(root, 'data')),
    JWT_SECRET: 'cli-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
});
after(() => rmSync(root, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, mainArgs(...args), { env, encoding: 'utf8', timeout: 120_000 });

describe('import on the command line', () => {
  test('dry run, import, re-import by number, a failing file', () => {
    const created = run(
      'company',
      'create',
      '--name',
      'CLI Import',
      '--username',
      'cli-importer',
      '--password',
      'cli-password-1',
    );
    assert.equal(created.status, 0, created.stderr);
    const { companyId } = JSON.parse(created.stdout.trim().split('\n').at(-1)!);
    const file = join(root, 'kunden.csv');
    const rows = Array.from({ length: 25 }, (_, i) => `${i + 1};Kunde ${i + 1};${i % 2 ? 'Berlin' : 'München'}`);
    writeFileSync(file, Buffer.from(`Nr;Firma;Ort\r\n${rows.join('\r\n')}\r\n`, 'latin1'));
    const mapping = join(root, 'mapping.json');
    writeFileSync(mapping, JSON.stringify({ Nr: 'number', Firma: 'name', Ort: 'address.city' }));
    const args = ['import', 'customers', file, '--company', companyId, '--mapping', mapping];

    const dry = run(...args, '--dry-run');
    assert.equal(dry.status, 0, dry.stderr);
    const dryReport = JSON.parse(dry.stdout);
    assert.deepEqual([dryReport.state, dryReport.dryRun, dryReport.created], ['done', true, 25]);
    // Not a terminal: plain lines, the last at 100 %.
    assert.match(dry.stderr, /^25\/25 rows \(100%, \d+ rows\/s\)$/m);
    assert.doesNotMatch(dry.stderr, /\r/);

    const first = run(...args);
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(
      [JSON.parse(first.stdout).created, JSON.parse(first.stdout).updated],
      [25, 0],
      'the dry run wrote nothing',
    );
    const second = run(...args);
    assert.equal(second.status, 0, second.stderr);
    assert.deepEqual([JSON.parse(second.stdout).created, JSON.parse(second.stdout).updated], [0, 25]);

    writeFileSync(file, 'number;name\n30;\n');
    const failing = run('import', 'customers', file, '--company', companyId);
    assert.equal(failing.status, 1);
    const report = JSON.parse(failing.stdout);
    assert.equal(report.state, 'failed');
    assert.deepEqual(report.errors, [{ row: 2, field: 'name', message: "must have required property 'name'" }]);

    const unknown = run('import', 'customers', file, '--company', '0123456789abcdef01234567');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /no company 0123456789abcdef01234567/);

    const usage = run('import', 'customers');
    assert.equal(usage.status, 1);
    assert.match(usage.stderr, /usage: import/);
  });
});

describe('progress on stderr', () => {
  const report = (processedRows: number, state = 'running') =>
    ({ processedRows, totalRows: 200, state }) as unknown as ImportReport;
  test('a terminal gets a bar redrawn in place, ending with a line break', () => {
    const written: string[] = [];
    const print = progressPrinter({ isTTY: true, write: (text: string) => written.push(text) > 0 });
    print(report(50));
    print(report(60)); // within 100 ms of the last drawing: skipped
    print(report(200, 'done'));
    assert.equal(written.length, 2);
    assert.match(written[0]!, /^\r\[#{8}-{22}\] 25% 50\/200 rows \d+ rows\/s$/);
    assert.match(written[1]!, /^\r\[#{30}\] 100% 200\/200 rows \d+ rows\/s\n$/);
  });
  test('anything else gets a line per 10 %', () => {
    const written: string[] = [];
    const print = progressPrinter({ isTTY: false, write: (text: string) => written.push(text) > 0 });
    for (let rows = 1; rows <= 200; rows++) print(report(rows));
    print(report(200, 'done'));
    assert.equal(written.length, 12); // 0 %, 10 % … 100 %, and the end
    assert.match(written[3]!, /^60\/200 rows \(30%, \d+ rows\/s\)\n$/);
  });
});
