// Every key of a tenant table starts with company_id: its primary key, unique constraints, unique
// indexes (partial ones too), exclusion constraints and foreign keys. A table with a company_id
// column is a tenant table; one without must be named in GLOBAL_TABLES, so a new table has to be
// classified. This is what lets Citus distribute every tenant table by company_id with all of a
// company's rows colocated (docs/scaling.md): Citus enforces a unique key only when it contains the
// distribution column, and a foreign key between distributed tables only when both sides include
// it. Checked on the migrated schema itself (pg_catalog), on PGlite and on PostgreSQL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Tables without company_id, and why they are global (Citus: left on the coordinator or made reference tables). */
const GLOBAL_TABLES = new Map<string, string>([
  ['schema_migrations', "the migrator's bookkeeping: which migrations this database has, not any company's data"],
  [
    'used_signup_proofs',
    'sign-up proofs used (a challenge nonce, an invitation id): checked before any company exists, single-use server-wide',
  ],
]);

/**
 * Keys that do not start with company_id today, and why. Each is a value unique across companies
 * that is looked up before the company is known. Under Citus none of them can stay a unique index
 * of a distributed table: each needs a global lookup table (keyed by the value, holding company_id)
 * or a credential that names its company (docs/scaling.md, "What Citus needs"). The migrations are
 * immutable, so they stay listed here until a new migration changes them; a fixed one must be
 * removed from this list (the test fails until it is), and a new violation fails the test.
 */
const KNOWN_EXCEPTIONS = new Map<string, string>([
  [
    'users: unique index users_login_key (login)',
    'log-in names are unique across companies and a log-in names no company (docs/decisions.md, Identity)',
  ],
  ['users: unique index users_login_email_key (login_email)', 'the log-in e-mail, likewise'],
  ['api_keys: unique index api_keys_hash_key (key_hash)', 'an x-API-Key is found by its hash alone'],
  ['refresh_tokens: unique index refresh_tokens_hash_key (token_hash)', 'a refresh token is found by its hash alone'],
  [
    'client_links: unique constraint client_links_token_hash_key (token_hash)',
    "a customer's service-report link (/v2/client/serviceReports/{token}) is found by its token alone",
  ],
]);

interface TableRow {
  table: string;
  isTenant: boolean;
  /** company_id's type and nullability, for tenant tables. */
  companyIdType: string | null;
  companyIdNotNull: boolean | null;
}

interface KeyRow {
  table: string;
  name: string;
  kind: string;
  columns: string[];
  /** Foreign keys: the referenced table and its columns. */
  references: string | null;
  referencedColumns: string[] | null;
}

// Ordinary and partitioned tables of every schema but the system's; partitions are checked through their parent.
const USER_TABLES = sql`
  c.relkind IN ('r', 'p') AND NOT c.relispartition
  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

async function tablesOf(t: TestApp): Promise<TableRow[]> {
  const { rows } = await sql<TableRow>`
    SELECT c.relname AS "table", a.attname IS NOT NULL AS "isTenant",
           format_type(a.atttypid, a.atttypmod) AS "companyIdType", a.attnotnull AS "companyIdNotNull"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped
    WHERE ${USER_TABLES}
    ORDER BY 1`.execute(t.database.kysely);
  return rows;
}

/** Unique indexes (primary keys and unique constraints through their index), exclusion constraints, foreign keys. */
async function keysOf(t: TestApp): Promise<KeyRow[]> {
  const { rows } = await sql<KeyRow>`
    SELECT c.relname AS "table", ic.relname AS name,
           CASE WHEN ix.indisprimary THEN 'primary key'
                WHEN con.contype = 'u' THEN 'unique constraint'
                WHEN con.contype = 'x' THEN 'exclusion constraint'
                ELSE 'unique index' END AS kind,
           -- the key columns in order (INCLUDE columns are not part of the key); an expression as written
           ARRAY(SELECT pg_get_indexdef(ix.indexrelid, k, true) FROM generate_series(1, ix.indnkeyatts) AS k
                 ORDER BY k) AS columns,
           NULL AS "references", NULL AS "referencedColumns"
    FROM pg_index ix
    JOIN pg_class c ON c.oid = ix.indrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_class ic ON ic.oid = ix.indexrelid
    LEFT JOIN pg_constraint con ON con.conindid = ix.indexrelid AND con.conrelid = ix.indrelid
    WHERE (ix.indisunique OR ix.indisexclusion) AND ${USER_TABLES}
    UNION ALL
    SELECT c.relname, con.conname, 'foreign key',
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, i)
                 JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.i),
           con.confrelid::regclass::text,
           ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, i)
                 JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.i)
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE con.contype = 'f' AND ${USER_TABLES}
    ORDER BY 1, 2`.execute(t.database.kysely);
  return rows;
}

const describeKey = (key: KeyRow) =>
  `${key.table}: ${key.kind} ${key.name} (${key.columns.join(', ')})` +
  (key.references ? ` -> ${key.references} (${key.referencedColumns!.join(', ')})` : '');

let t: TestApp;
let tables: TableRow[];
let keys: KeyRow[];

before(async () => {
  t = await createTestApp();
  tables = await tablesOf(t);
  keys = await keysOf(t);
});
after(async () => {
  await t?.close();
});

describe('tenant keys (every key of a tenant table starts with company_id)', () => {
  test('a table without company_id is listed as global, and every listed one exists without it', () => {
    const unclassified = tables.filter((row) => !row.isTenant && !GLOBAL_TABLES.has(row.table)).map((r) => r.table);
    assert.deepEqual(
      unclassified,
      [],
      'tables without a company_id column: add company_id (a tenant table) or list them in GLOBAL_TABLES with the reason',
    );
    const stale = [...GLOBAL_TABLES.keys()].filter(
      (name) => !tables.some((row) => row.table === name && !row.isTenant),
    );
    assert.deepEqual(stale, [], 'GLOBAL_TABLES names tables that no longer exist or now have company_id');
  });

  test('company_id is NOT NULL and of one type in every tenant table (one distribution column, colocated)', () => {
    const tenant = tables.filter((row) => row.isTenant);
    assert.ok(tenant.length > 40, `only ${tenant.length} tenant tables found: is the catalog query still right?`);
    const odd = tenant
      .filter((row) => row.companyIdType !== 'text' || !row.companyIdNotNull)
      .map((row) => `${row.table}: ${row.companyIdType}${row.companyIdNotNull ? '' : ' (nullable)'}`);
    assert.deepEqual(odd, []);
  });

  test('every primary key, unique constraint, unique index and foreign key of a tenant table starts with company_id', () => {
    const isTenant = new Map(tables.map((row) => [row.table, row.isTenant]));
    // The query must see the keys it is about, or the check below proves nothing.
    const seen = keys.map(describeKey);
    for (const expected of [
      'jobs: primary key jobs_pkey (company_id, id)',
      'jobs: unique index jobs_occurrence_key (company_id, assignment_id, occurrence_key, slot)',
      'invoices: unique index invoices_number_key (company_id, document_number)',
      'outgoing_mail_attachments: foreign key outgoing_mail_attachments_company_id_mail_id_fkey (company_id, mail_id)' +
        ' -> outgoing_mails (company_id, id)',
    ]) {
      assert.ok(seen.includes(expected), `the catalog query did not find ${expected}`);
    }
    const violations = keys
      .filter((key) => {
        if (!isTenant.get(key.table)) {
          // A global table may have keys of its own, but no foreign key into tenant data.
          return key.kind === 'foreign key' && isTenant.get(key.references!) !== false;
        }
        if (key.columns[0] !== 'company_id') return true;
        // Both sides of a foreign key carry company_id, so the two rows are always on the same shard.
        // (A reference to a global table would need it to become a Citus reference table.)
        return key.kind === 'foreign key' && key.referencedColumns![0] !== 'company_id';
      })
      .map(describeKey);
    const known = [...KNOWN_EXCEPTIONS.keys()];
    assert.deepEqual(
      violations.filter((v) => !KNOWN_EXCEPTIONS.has(v)),
      [],
      'keys of tenant tables that do not start with company_id: put company_id first (a new migration)',
    );
    assert.deepEqual(
      known.filter((k) => !violations.includes(k)),
      [],
      'listed in KNOWN_EXCEPTIONS but no longer a violation (fixed or renamed): remove it from the list',
    );
  });
  test('identifier columns (id, company_id, *_id) compare byte by byte: collation "C" (migration 0027)', async () => {
    const { rows } = await sql<{ column: string; collation: string }>`
      SELECT c.relname || '.' || a.attname AS "column", coalesce(co.collname, '') AS collation
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_collation co ON co.oid = a.attcollation
      WHERE ${USER_TABLES} AND a.atttypid = 'text'::regtype
        AND (a.attname IN ('id', 'company_id') OR a.attname LIKE '%\\_id')
      ORDER BY 1`.execute(t.database.kysely);
    const columns = rows.map((r) => r.column);
    for (const expected of ['jobs.id', 'jobs.company_id', 'jobs.user_id', 'events.id', 'webhook_deliveries.event_id'])
      assert.ok(columns.includes(expected), `the catalog query did not find ${expected}`);
    assert.deepEqual(
      rows.filter((r) => r.collation !== 'C').map((r) => `${r.column} (${r.collation})`),
      [],
      'identifier columns under another collation: declare them text COLLATE "C" (crewbase_resource_table does)',
    );
  });
});
