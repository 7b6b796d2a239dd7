// Each table has one owner (a module, the master data, the engine or a platform part), and only the
// owner's files name it in SQL; others call the owner's functions (docs/architecture.md, "Table
// ownership"). The table in the docs is checked against OWNERS below.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migratedTables, tableReferences } from './table-references.js';

const base = fileURLToPath(new URL('../../', import.meta.url));

const MASTER_DATA = 'src/resources/';
const owned = (folder: string, tables: string[]) => tables.map((table) => [table, folder] as const);

/** table → the folder whose files may name it. */
const OWNERS = new Map<string, string>([
  ...owned('src/platform/db/', ['companies']),
  ...owned('src/platform/outbox/', ['event_horizons', 'events']),
  ...owned('src/platform/http/', ['idempotency_keys']),
  ...owned('src/platform/mail/', ['outgoing_mails', 'outgoing_mail_attachments']),
  ...owned('src/resources/engine/', ['counters', 'deleted_records']),
  ...owned(MASTER_DATA, [
    'access_groups',
    'activity_types',
    'articles',
    'contacts',
    'customers',
    'equipment',
    'equipment_types',
    'objects',
    'payment_terms',
    'service_products',
    'suppliers',
    'task_types',
    'tax_rates',
  ]),
  ...owned('src/modules/absences/', ['absences']),
  ...owned('src/modules/auth/', ['api_keys', 'auth_codes', 'refresh_tokens']),
  ...owned('src/modules/chats/', ['chat_messages']),
  ...owned('src/modules/company/', ['used_signup_proofs']),
  ...owned('src/modules/documents/', ['documents']),
  ...owned('src/modules/imports/', ['imports']),
  ...owned('src/modules/invoicing/', [
    'assignment_confirmations',
    'banking_transactions',
    'client_links',
    'company_assets',
    'credits',
    'document_sequences',
    'invoice_stornos',
    'invoice_templates',
    'invoices',
    'offers',
    'payment_methods',
    'payments',
    'reminder_templates',
    'reminders',
    'service_reports',
  ]),
  ...owned('src/modules/notifications/', [
    'notification_preferences',
    'notifications',
    'push_deliveries',
    'push_subscriptions',
  ]),
  ...owned('src/modules/orders/', ['material_orders']),
  ...owned('src/modules/pay/', ['pay_types', 'salaries', 'surcharges']),
  ...owned('src/modules/quality/', ['quality_controls']),
  ...owned('src/modules/sms/', ['sms_verifications']),
  ...owned('src/modules/scheduling/', ['assignments', 'job_horizons', 'job_templates', 'jobs']),
  ...owned('src/modules/tasks/', ['complaints', 'task_templates', 'tasks']),
  ...owned('src/modules/time-tracking/', ['time_trackings']),
  ...owned('src/modules/users/', ['users']),
  ...owned('src/modules/webhooks/', ['webhook_attempts', 'webhook_deliveries', 'webhooks']),
]);

/**
 * Folders that read (never write) other owners' tables in SQL, each a decision recorded in
 * docs/architecture.md ("Table ownership"): search reads the searched tables through their search indexes.
 */
const READERS = new Map<string, string[]>([
  ['src/modules/search/', ['customers', 'documents', 'invoices', 'jobs', 'objects', 'tasks', 'users']],
]);
const isReader = (file: string, table: string) =>
  [...READERS].some(([folder, names]) => file.startsWith(folder) && names.includes(table));

const tables = migratedTables(base);
const references = tableReferences(base, tables);

describe('table ownership', () => {
  test('every table the migrations create has an owner', () => {
    assert.deepEqual(
      tables.filter((table) => !OWNERS.has(table)),
      [],
    );
  });

  test("only a table's owner names it in SQL", () => {
    const crossings = references
      .filter(({ file, table }) => !file.startsWith(OWNERS.get(table) ?? '\0') && !isReader(file, table))
      .map(({ file, table }) => `${file}: ${table}`);
    assert.deepEqual(crossings, [], `files naming another owner's table (call the owner's function instead)`);
  });

  test('docs/architecture.md lists the owners', () => {
    const doc = readFileSync(`${base}docs/architecture.md`, 'utf8');
    const shown = /<!-- table-owners:start -->\n([\s\S]*?)\n<!-- table-owners:end -->/.exec(doc)?.[1];
    const byOwner = new Map<string, string[]>();
    for (const [table, folder] of [...OWNERS].sort()) byOwner.set(folder, [...(byOwner.get(folder) ?? []), table]);
    const expected = [
      '| Owner | Tables |',
      '|---|---|',
      ...[...byOwner].sort().map(([folder, names]) => `| \`${folder}\` | ${names.map((n) => `\`${n}\``).join(', ')} |`),
    ].join('\n');
    assert.equal(shown, expected, `replace the owner table in docs/architecture.md with:\n${expected}`);
  });
});
