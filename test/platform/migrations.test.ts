// Landed migrations are immutable: each applied file's checksum is recorded and compared on start,
// and migrations/checksums.json lists the released ones so that an edit fails here first.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  listMigrations,
  migrate,
  MigrationMismatchError,
  MIGRATIONS_DIR,
  pendingMigrations,
} from '../../src/platform/db/migrate.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/** A temp copy of migrations/ that a test may edit; removed after the callback. */
async function withCopy(edit: (dir: string) => void, run: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'crewbase-migrations-'));
  try {
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    edit(dir);
    await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function recorded() {
  const { rows } = await sql<{ version: number; name: string; checksum: string | null }>`
    SELECT version, name, checksum FROM schema_migrations ORDER BY version`.execute(t.database.kysely);
  return rows;
}

const expected = () => listMigrations().map(({ version, name, checksum }) => ({ version, name, checksum }));
const CHANGED_0007 =
  /migration 0007_invoicing\.sql changed after it was applied to this database \(checksum [0-9a-f]{12}, recorded [0-9a-f]{12}\): restore the file and put the change in a new migration$/;

describe('applied migrations keep their checksums', () => {
  test('a migrated database records the checksum of every file (the test snapshot too)', async () => {
    assert.deepEqual(await recorded(), expected());
    assert.equal(await migrate(t.database), 0);
  });

  test('a new migration is applied with its checksum', async () => {
    await withCopy(
      (dir) => writeFileSync(join(dir, '0099_probe.sql'), 'CREATE TABLE migration_probe (id integer);\n'),
      async (dir) => {
        try {
          assert.equal(await migrate(t.database, () => {}, dir), 1);
          const row = (await recorded()).find((r) => r.version === 99);
          assert.deepEqual(row, {
            version: 99,
            name: '0099_probe.sql',
            checksum: listMigrations(dir).at(-1)!.checksum,
          });
        } finally {
          await t.database.exec(
            'DROP TABLE IF EXISTS migration_probe; DELETE FROM schema_migrations WHERE version = 99',
          );
        }
      },
    );
  });

  test('an edited migration fails start, naming the file and what to do, and writes nothing', async () => {
    const before = await recorded();
    await withCopy(
      (dir) => appendFileSync(join(dir, '0007_invoicing.sql'), '\n-- edited\n'),
      async (dir) => {
        await assert.rejects(
          migrate(t.database, () => {}, dir),
          (error: Error) => error instanceof MigrationMismatchError && CHANGED_0007.test(error.message),
        );
        await assert.rejects(pendingMigrations(t.database, dir), MigrationMismatchError);
      },
    );
    assert.deepEqual(await recorded(), before);
  });

  test('line endings do not count: a CRLF checkout of the same file starts', async () => {
    await withCopy(
      (dir) => {
        const path = join(dir, '0007_invoicing.sql');
        writeFileSync(path, readFileSync(path, 'utf8').replaceAll('\n', '\r\n'));
      },
      async (dir) => {
        assert.equal(await migrate(t.database, () => {}, dir), 0);
      },
    );
  });

  test('a missing or renamed file of an applied migration fails start', async () => {
    await withCopy(
      (dir) => rmSync(join(dir, '0009_session_lookups.sql')),
      async (dir) => {
        await assert.rejects(
          migrate(t.database, () => {}, dir),
          /migration 0009_session_lookups\.sql was applied to this database but its file is missing/,
        );
      },
    );
    await withCopy(
      (dir) => renameSync(join(dir, '0010_idempotency_lease.sql'), join(dir, '0010_lease.sql')),
      async (dir) => {
        await assert.rejects(
          migrate(t.database, () => {}, dir),
          /migration 0010_idempotency_lease\.sql was applied to this database but its file is now named 0010_lease\.sql/,
        );
      },
    );
  });

  test('a database migrated before checksums were kept is baselined once, then held to them', async () => {
    try {
      await t.database.exec('ALTER TABLE schema_migrations DROP COLUMN checksum'); // the table as it was
      assert.deepEqual(await pendingMigrations(t.database), [], '/ready reads the old table');
      const lines: string[] = [];
      assert.equal(await migrate(t.database, (line) => lines.push(line)), 0);
      assert.deepEqual(lines, [
        `recorded the checksums of ${expected().length} migration(s) applied before checksums were kept`,
      ]);
      assert.deepEqual(await recorded(), expected());
      await withCopy(
        (dir) => appendFileSync(join(dir, '0007_invoicing.sql'), '\n-- edited\n'),
        async (dir) => {
          await assert.rejects(
            migrate(t.database, () => {}, dir),
            CHANGED_0007,
          );
        },
      );
    } finally {
      await migrate(t.database); // restores the column and checksums whatever failed above
    }
  });

  test('/ready answers 503 naming a migration whose recorded checksum differs', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode, 200);
    const { checksum } = expected().find((m) => m.version === 7)!;
    try {
      await sql`UPDATE schema_migrations SET checksum = ${'0'.repeat(64)} WHERE version = 7`.execute(t.database.kysely);
      const response = await t.app.inject({ method: 'GET', url: '/ready' });
      assert.equal(response.statusCode, 503);
      assert.match(response.json().detail, CHANGED_0007);
    } finally {
      await sql`UPDATE schema_migrations SET checksum = ${checksum} WHERE version = 7`.execute(t.database.kysely);
    }
  });
});

test('migrations/checksums.json lists every migration file with its checksum (released migrations are never edited)', () => {
  const lock: Record<string, string> = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'checksums.json'), 'utf8'));
  const files = listMigrations();
  for (const { name, checksum } of files) {
    assert.ok(
      name in lock,
      `${name} is not in migrations/checksums.json: run npm run migrations:lock and commit the file`,
    );
    assert.equal(
      checksum,
      lock[name],
      `${name} changed after it was released: restore it and put the change in a new migration`,
    );
  }
  for (const name of Object.keys(lock)) {
    assert.ok(
      files.some((file) => file.name === name),
      `${name} is in migrations/checksums.json but its file is gone: restore it`,
    );
  }
});
