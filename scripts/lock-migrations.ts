// `npm run migrations:lock`: records the checksum of every new migration in migrations/checksums.json,
// the list of released migrations that test/platform/migrations.test.ts holds the files to.
// It only ever adds: a listed file that changed or is gone stops it (exit 1), so running it cannot
// hide an edit to a landed migration. Re-baselining on purpose means editing the JSON by hand.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listMigrations, MIGRATIONS_DIR } from '../src/platform/db/migrate.js';

const LOCK_FILE = join(MIGRATIONS_DIR, 'checksums.json');
const lock: Record<string, string> = existsSync(LOCK_FILE) ? JSON.parse(readFileSync(LOCK_FILE, 'utf8')) : {};
const files = new Map(listMigrations().map((m) => [m.name, m.checksum]));
const problems = Object.entries(lock).flatMap(([name, checksum]) => {
  if (!files.has(name)) return [`${name} is listed but its file is gone: restore it (undo a migration in a new one)`];
  if (files.get(name) !== checksum)
    return [`${name} changed after it was released: restore it and put the change in a new migration`];
  return [];
});
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const added = [...files.keys()].filter((name) => !(name in lock));
writeFileSync(LOCK_FILE, `${JSON.stringify(Object.fromEntries(files), null, 2)}\n`); // listMigrations sorts by name
console.log(added.length ? `locked ${added.join(', ')}` : 'nothing new to lock');
