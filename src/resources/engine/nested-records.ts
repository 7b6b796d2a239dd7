// The common entity fields of records kept inside another record's document (a job's `absences[]`,
// a salary's `surcharges[]`), as the spec gives every record: `_id`, `number` and `chatId` (the
// item's own, kept while the item stays), `companyId` and `status{...}`. Numbers come from a
// counter of the company per kind of item, given by numberNewItems before the write
// (docs/decisions.md).
import type { TenantTx } from '../../platform/db/tenant.js';
import { newObjectId } from '../../platform/ids.js';
import { reserveNumbers } from './record-numbers.js';

/** The counters of nested items' numbers (beside the collections' own in `counters`). */
export const NESTED_COUNTERS = { jobAbsences: 'jobs.absences', salarySurcharges: 'salaries.surcharges' } as const;

export interface NestedEntityFields {
  _id: string;
  /** Absent only until numberNewItems gives it, before the item is stored. */
  number?: number;
  companyId: string;
  chatId: string;
  status: {
    status: number;
    createdAt: string;
    createdBy: string | null;
    lastModifiedAt: string;
    lastModifiedBy: string | null;
  };
}

/** An item as stored before: the entity fields it keeps, when it had them. */
interface StoredItem {
  _id?: unknown;
  number?: unknown;
  chatId?: unknown;
  status?: { createdAt?: string; createdBy?: string | null };
}

/** Who writes the item: the company it belongs to and the user (null: the system). */
export interface Writer {
  companyId: string;
  userId: string | null;
}

/** `item` as a nested record written now; `previous` is the same item as stored before (its id and creation stay). */
export function nestedRecord<T extends object>(
  item: T,
  writer: Writer,
  previous?: StoredItem,
  at = new Date().toISOString(),
): T & NestedEntityFields {
  return {
    ...item,
    _id: typeof previous?._id === 'string' ? previous._id : newObjectId(),
    ...(typeof previous?.number === 'number' ? { number: previous.number } : {}),
    companyId: writer.companyId,
    chatId: typeof previous?.chatId === 'string' ? previous.chatId : newObjectId(),
    status: {
      status: 1,
      createdAt: previous?.status?.createdAt ?? at,
      createdBy: previous?.status?.createdBy ?? writer.userId,
      lastModifiedAt: at,
      lastModifiedBy: writer.userId,
    },
  };
}

/**
 * Items recomputed as a whole (a salary's surcharge lines) as nested records: each keeps the identity
 * of the previous item with the same key (the n-th of that key, when a key repeats).
 */
export function nestedRecords<T extends object>(
  items: T[],
  writer: Writer,
  previous: StoredItem[] | undefined,
  key: (item: Record<string, unknown>) => string,
): Array<T & NestedEntityFields> {
  // Items and stored items are JSON objects: the key reads their fields by name.
  const keyOf = (item: object) => key(item as Record<string, unknown>);
  const before = new Map<string, StoredItem[]>();
  for (const item of previous ?? []) before.set(keyOf(item), [...(before.get(keyOf(item)) ?? []), item]);
  const at = new Date().toISOString();
  return items.map((item) => nestedRecord(item, writer, before.get(keyOf(item))?.shift(), at));
}

/**
 * Gives the items without a number the next numbers of the counter, in one statement (none when
 * every item kept its number): a new item's `number`, as a record of a collection gets one.
 */
export async function numberNewItems(tx: TenantTx, counter: string, items: Iterable<{ number?: number }>) {
  const fresh = [...items].filter((item) => typeof item.number !== 'number');
  if (!fresh.length) return;
  const first = await reserveNumbers(tx, counter, fresh.length);
  fresh.forEach((item, i) => {
    item.number = first + i;
  });
}
