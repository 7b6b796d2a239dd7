// SQL for every engine resource. Each function takes the tenant-bound transaction first.
import { sql } from 'kysely';
import type { TObject } from 'typebox';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { ListQuery } from '../../platform/http/list-query.js';
import type { Compilable, RawBuilder } from 'kysely';
import { recordOf, type DocOf, type ReadOnlyFields, type Resource, type StoredRecord } from './define-resource.js';
import { emit } from '../../platform/outbox/emit.js';
import { emitSql } from '../../platform/outbox/emit-sql.js';
import { toApi, unsetFields } from './to-api.js';
import { ENTITY_COLUMNS, entityDb } from './entity-table.js';

// Numbering lives in record-numbers.ts; its functions are part of the store's surface.
import { reserveNumbersStatement } from './record-numbers.js';
export { currentNumber, nextNumber, numberTaken, reserveNumbers, reserveNumbersStatement } from './record-numbers.js';

export interface NewRecord {
  id: string;
  number: number;
  doc: Record<string, unknown>;
  userId: string;
  chatId: string;
  columns?: Record<string, unknown>;
}

/** The values of a resource's promoted columns, read from its document. */
const columnPaths = new WeakMap<Resource, Array<[string[], string]>>();

export function promotedColumns(resource: Resource, doc: Record<string, unknown>): Record<string, unknown> {
  let paths = columnPaths.get(resource);
  if (!paths) {
    paths = Object.entries(resource.columns ?? {}).map(([path, column]) => [path.split('.'), column]);
    columnPaths.set(resource, paths);
  }
  const values: Record<string, unknown> = {};
  for (const [segments, column] of paths) {
    let value: unknown = doc;
    for (const segment of segments) value = (value as Record<string, unknown> | undefined)?.[segment];
    values[column] = value ?? null;
  }
  return values;
}

// Writes of a webhook entity emit their event here, so no write path can forget it.
async function emitChange(
  tx: TenantTx,
  resource: Resource,
  type: 'CREATE' | 'UPDATE' | 'DELETE',
  record: StoredRecord<object>,
) {
  if (resource.webhookEntity) await emit(tx, type, resource.webhookEntity, toApi(resource, record));
}

/**
 * Inserts a record and emits its CREATE event; returns its number. Without a number it takes the
 * next of the resource's collection in the same statement.
 */
export async function insertRecord(
  tx: TenantTx,
  resource: Resource,
  record: Omit<NewRecord, 'number'> & { number?: number },
): Promise<number> {
  const counter = record.number === undefined ? reserveNumbersStatement(tx, resource.collection, 1) : undefined;
  const write = entityDb(tx)
    .insertInto(resource.table)
    .values({
      ...promotedColumns(resource, record.doc),
      company_id: tx.companyId,
      id: record.id,
      // sql: the number the statement's own next_number CTE took (writeAndEmit)
      number: record.number ?? sql<number>`(SELECT first FROM next_number)`,
      doc: JSON.stringify(record.doc),
      created_by: record.userId,
      modified_by: record.userId,
      chat_id: record.chatId,
      ...record.columns,
    })
    .returningAll();
  const number = await writeAndEmit(tx, resource, 'CREATE', write, counter);
  return Number(number ?? record.number);
}

// sql: calls of SQL functions over a row alias, merged into read models and events built in the database
const entityJson = (alias: string) =>
  sql`crewbase_entity_json(${sql.join(ENTITY_COLUMNS.map((column) => sql.ref(`${alias}.${column}`)))})`;

/**
 * A stored row (table alias) as the API shows it, built in SQL: what to-api.ts storedShape() builds
 * (toApi without the resource's hook), for reads and events that stay in the database.
 */
export function recordJson<S extends TObject>(resource: Resource<S>, alias: string): RawBuilder<unknown> {
  // Built once per resource and alias (reads build it per request otherwise). The unset fields go
  // in as a literal, not a parameter, so fragments made of it have no parameters and their text
  // can be kept too (jobs-read.ts).
  const byAlias = recordJsonBuilt.get(resource) ?? new Map<string, RawBuilder<unknown>>();
  recordJsonBuilt.set(resource, byAlias);
  let built = byAlias.get(alias);
  if (!built) {
    // jsonb_strip_nulls: an unset field is absent, never null (to-api.ts withoutNulls)
    built = sql`jsonb_strip_nulls(${sql.lit(JSON.stringify(unsetFields(resource)))}::jsonb || ${sql.ref(`${alias}.doc`)} || ${entityJson(alias)})`;
    byAlias.set(alias, built);
  }
  return built;
}
const recordJsonBuilt = new WeakMap<object, Map<string, RawBuilder<unknown>>>(); // keyed by the Resource

/**
 * Runs an insert or update (RETURNING *) and emits its event. Without a toApi hook the event (the
 * document plus the common fields, as toApi builds them) is emitted by the same statement, so the
 * document crosses the wire once and the write costs one round trip.
 */
async function writeAndEmit(
  tx: TenantTx,
  resource: Resource,
  type: 'CREATE' | 'UPDATE',
  write: Compilable,
  counter?: Compilable,
): Promise<number | undefined> {
  // sql: the write is a built query run as it is, or wrapped with its event in one statement; a
  // number taken by the same statement is a CTE beside it (data-modifying CTEs must be top-level)
  const numbered = counter ? sql`next_number AS (${counter}), ` : sql``;
  if (!resource.webhookEntity || resource.hooks?.toApi) {
    const withCounter = counter ? sql`WITH next_number AS (${counter}) ` : sql``;
    const { rows } = await sql<StoredRecord<object>>`${withCounter}${write}`.execute(tx.db);
    if (rows[0] && resource.webhookEntity) await emitChange(tx, resource, type, rows[0]);
    return rows[0]?.number;
  }
  const items = sql`ARRAY(SELECT ${recordJson(resource, 'stored')} FROM stored)`;
  const { rows } = await sql<{ number: number | null }>`WITH ${numbered}stored AS (${write})
    SELECT ${emitSql(tx.companyId, type, resource.webhookEntity, items)}, (SELECT number FROM stored) AS number`.execute(
    tx.db,
  );
  return rows[0]?.number ?? undefined;
}

const UPSERT_CHUNK = 500;

/**
 * Inserts records, or replaces the document (and promoted columns) of those whose id exists, one
 * statement per chunk, for bulk work (a month's salaries) where a statement per record would cost a
 * round trip each. The statement also emits the events of the rows it created and of those it
 * updated, from the stored rows, so the documents cross the wire once. (Only for resources without
 * a toApi hook: the event is the document plus the common fields, as toApi builds it.)
 */
export async function upsertRecords(tx: TenantTx, resource: Resource, records: NewRecord[]): Promise<void> {
  if (resource.hooks?.toApi)
    throw new Error(`upsertRecords cannot build ${resource.name} events in SQL (it has a toApi hook)`);
  for (let i = 0; i < records.length; i += UPSERT_CHUNK) {
    const rows = records.slice(i, i + UPSERT_CHUNK).map((record) => ({
      ...promotedColumns(resource, record.doc),
      company_id: tx.companyId,
      id: record.id,
      number: record.number,
      doc: JSON.stringify(record.doc),
      created_by: record.userId,
      modified_by: record.userId,
      chat_id: record.chatId,
      ...record.columns,
    }));
    const replaced = Object.keys(rows[0]!).filter(
      (column) => !['company_id', 'id', 'number', 'created_by', 'chat_id'].includes(column),
    );
    // sql: now() as the new modified_at, and xmax = 0 (PostgreSQL's mark of a row this statement inserted)
    const upsert = entityDb(tx)
      .insertInto(resource.table)
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['company_id', 'id']).doUpdateSet((eb) => ({
          ...Object.fromEntries(replaced.map((column) => [column, eb.ref(`excluded.${column}`)])),
          modified_at: sql`now()`,
        })),
      )
      .returningAll()
      .returning(sql<boolean>`(xmax = 0)`.as('inserted'));
    if (!resource.webhookEntity) {
      await upsert.execute();
      continue;
    }
    // sql: the upsert and the events of its rows in one statement (a CTE over the built upsert)
    const entity = resource.webhookEntity;
    const api = recordJson(resource, 'stored');
    const changes = (type: 'CREATE' | 'UPDATE', inserted: boolean) =>
      emitSql(
        tx.companyId,
        type,
        entity,
        sql`coalesce(array_agg(${api}) FILTER (WHERE stored.inserted = ${inserted}), '{}'::jsonb[])`,
      );
    const created = changes('CREATE', true);
    const updated = changes('UPDATE', false);
    await sql`WITH stored AS (${upsert}) SELECT ${created}, ${updated} FROM stored`.execute(tx.db);
  }
}

export async function findRecord<S extends TObject, R extends ReadOnlyFields>(
  tx: TenantTx,
  resource: Resource<S, R>,
  id: string,
  options: { owner?: RawBuilder<boolean>; forUpdate?: boolean } = {},
): Promise<StoredRecord<DocOf<S, R>> | undefined> {
  let query = entityDb(tx)
    .selectFrom(resource.table)
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where('id', '=', id);
  if (options.owner) query = query.where(options.owner);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && recordOf(resource, row);
}

export async function findRecordBy<S extends TObject, R extends ReadOnlyFields>(
  tx: TenantTx,
  resource: Resource<S, R>,
  column: string,
  value: unknown,
): Promise<StoredRecord<DocOf<S, R>> | undefined> {
  const row = await entityDb(tx)
    .selectFrom(resource.table)
    .selectAll()
    .where('company_id', '=', tx.companyId)
    .where(column, '=', value)
    .executeTakeFirst();
  return row && recordOf(resource, row);
}

/** The statement of a page of records: the list's conditions, sort (the id breaking ties), limit and offset. */
export function listPageQuery<S extends TObject, R extends ReadOnlyFields>(
  tx: TenantTx,
  resource: Resource<S, R>,
  list: ListQuery,
) {
  let page = entityDb(tx).selectFrom(resource.table).selectAll().where('company_id', '=', tx.companyId);
  for (const condition of list.where) page = page.where(condition);
  for (const term of list.sort)
    page = page.orderBy(term.field.sql, (order) => {
      if (term.field.neverNull) return term.descending ? order.desc() : order.asc();
      return term.descending ? order.desc().nullsLast() : order.asc().nullsFirst();
    });
  // The id breaks ties, so pages never repeat or skip a record.
  return page.orderBy('id').limit(list.limit).offset(list.offset);
}

/** A page of records (listPageQuery). */
export async function listPage<S extends TObject, R extends ReadOnlyFields>(
  tx: TenantTx,
  resource: Resource<S, R>,
  list: ListQuery,
): Promise<StoredRecord<DocOf<S, R>>[]> {
  return (await listPageQuery(tx, resource, list).execute()).map((row) => recordOf(resource, row));
}

/**
 * A page and the number of records the list's conditions match. The total is counted apart, and only where the
 * page does not tell it: a window count over the page's query read and sorted every matching row with its
 * document before the first was sent (a company's year of 15,000 time-tracking entries: 161 ms, spilled to disk,
 * against 1.4 ms for the page by its index and 4.5 for the count; docs/scaling.md §7).
 */
export async function listRecords<S extends TObject, R extends ReadOnlyFields>(
  tx: TenantTx,
  resource: Resource<S, R>,
  list: ListQuery,
): Promise<{ rows: StoredRecord<DocOf<S, R>>[]; total: number }> {
  const rows = await listPage(tx, resource, list);
  // A page short of the limit ends the list (an empty page past the end tells nothing).
  if (rows.length > 0 && rows.length < list.limit) return { rows, total: list.offset + rows.length };
  if (rows.length === 0 && list.offset === 0) return { rows, total: 0 };
  let count = entityDb(tx)
    .selectFrom(resource.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', tx.companyId);
  for (const condition of list.where) count = count.where(condition);
  const { n } = await count.executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function updateRecord(
  tx: TenantTx,
  resource: Resource,
  id: string,
  change: { doc: Record<string, unknown>; userId: string; columns?: Record<string, unknown> },
): Promise<void> {
  await writeAndEmit(
    tx,
    resource,
    'UPDATE',
    entityDb(tx)
      .updateTable(resource.table)
      // sql: now(), the transaction's time, as modified_at
      .set({
        ...promotedColumns(resource, change.doc),
        doc: JSON.stringify(change.doc),
        modified_at: sql`now()`,
        modified_by: change.userId,
        ...change.columns,
      })
      .where('company_id', '=', tx.companyId)
      .where('id', '=', id)
      .returningAll(),
  );
}

/**
 * The audit trail of a deletion: who, when, and the record as it was. Also for deletions outside
 * the engine's resources (API keys), so that only the engine writes deleted_records.
 */
export async function keepDeletedRecord(
  tx: TenantTx,
  deleted: { resource: string; id: string; number?: number; doc: object; deletedBy: string },
): Promise<void> {
  await tx.db
    .insertInto('deleted_records')
    .values({
      company_id: tx.companyId,
      resource: deleted.resource,
      id: deleted.id,
      number: deleted.number ?? null,
      doc: JSON.stringify(deleted.doc),
      deleted_by: deleted.deletedBy,
    })
    .onConflict((oc) => oc.columns(['company_id', 'resource', 'id']).doNothing())
    .execute();
}

/** Deletes keep an audit trail (keepDeletedRecord) and emit the DELETE event. */
export async function deleteRecord(
  tx: TenantTx,
  resource: Resource,
  record: StoredRecord<object>,
  userId: string,
): Promise<void> {
  await keepDeletedRecord(tx, {
    resource: resource.collection,
    id: record.id,
    number: record.number,
    doc: record.doc,
    deletedBy: userId,
  });
  await entityDb(tx)
    .deleteFrom(resource.table)
    .where('company_id', '=', tx.companyId)
    .where('id', '=', record.id)
    .execute();
  await emitChange(tx, resource, 'DELETE', record);
}
