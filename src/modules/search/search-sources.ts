// What each result type is searched in, shown as, and who may see it. The searched text of a
// table is a function of migration 0013 over which that table has a trigram index, so the
// conditions below are index look-ups; the owners' tables are read here directly, the one module
// allowed to (docs/architecture.md, "Table ownership").
import type { Area } from '../../platform/http/permissions.js';

export const SEARCH_TYPES = ['customer', 'object', 'user', 'job', 'task', 'invoice', 'document'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchSource {
  /** Read permission of this area decides whether the type is searched. */
  area: Area;
  /** The owner table (alias `t` in the expressions). */
  table: string;
  /** The collection in the API path of a result: `/v2/<collection>/<id>`. */
  collection: string;
  /** The searched text: the expression of the table's search index (migration 0013). */
  text: string;
  /** What the result is called, and the part of it an exact or prefix match is judged on. */
  title: string;
  subtitle: string;
  /** A further number the record is known by (an invoice's document number). */
  otherNumber?: string;
  /**
   * The owning user, for callers with the `own` read level; the same field as the resource's
   * `ownerField` (test/search checks it). Without it `own` finds nothing: as the engine, which
   * refuses an own-level list of a resource without owner.
   */
  owner?: string;
  /** The predicate of the table's partial search index: only rows it holds are searched by text. */
  indexed?: string;
}

const day = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const place = "nullif(concat_ws(' ', t.doc#>>'{address,zip}', t.doc#>>'{address,city}'), '')";

export const SOURCES: Record<SearchType, SearchSource> = {
  customer: {
    area: 'customers',
    table: 'customers',
    collection: 'customers',
    text: 'crewbase_search_customer(t.doc)',
    title: "t.doc->>'name'",
    subtitle: `concat_ws(', ', t.doc->>'contactPerson', ${place})`,
  },
  object: {
    area: 'objects',
    table: 'objects',
    collection: 'objects',
    text: 'crewbase_search_object(t.doc)',
    title: "t.doc->>'name'",
    subtitle: `concat_ws(', ', t.doc#>>'{address,street}', ${place})`,
  },
  user: {
    area: 'users',
    table: 'users',
    collection: 'users',
    text: 'crewbase_search_user(t.doc)',
    title:
      "coalesce(nullif(concat_ws(' ', t.doc#>>'{general,firstName}', t.doc#>>'{general,lastName}'), ''), t.login, 'User ' || t.number)",
    subtitle: 't.login_email',
    owner: 't.id',
  },
  job: {
    area: 'jobs',
    table: 'jobs',
    collection: 'jobs',
    text: 'crewbase_search_titled(t.doc)',
    title: "t.doc->>'title'",
    subtitle: `concat_ws(', ', (SELECT o.doc->>'name' FROM objects o WHERE o.company_id = t.company_id AND o.id = t.object_id), ${day('t.from_at')})`,
    owner: 't.user_id',
    // Generated jobs carry their assignment's title and are found through it (ASSIGNMENT_SOURCE):
    // indexing each of them would cost job generation ~8 µs a job for a copy of a few titles.
    indexed: '(t.occurrence_key IS NULL OR t.is_manual)',
  },
  task: {
    area: 'tasks',
    table: 'tasks',
    collection: 'tasks',
    text: 'crewbase_search_titled(t.doc)',
    title: "t.doc->>'title'",
    subtitle: `concat_ws(', ', t.task_status, 'due ' || ${day('t.due_at')})`,
    owner: 't.assignee_id',
  },
  invoice: {
    area: 'invoicing',
    table: 'invoices',
    collection: 'invoices',
    text: 'crewbase_search_invoice(t.doc, t.document_number)',
    title: "coalesce(t.doc->>'title', 'Invoice ' || coalesce(t.document_number, 'draft ' || t.number))",
    subtitle: `concat_ws(', ', t.document_number, (SELECT c.doc->>'name' FROM customers c WHERE c.company_id = t.company_id AND c.id = t.customer_id), t.state)`,
    otherNumber: 't.document_number',
  },
  document: {
    area: 'documents',
    table: 'documents',
    collection: 'documents',
    text: 'crewbase_search_document(t.doc)',
    title: "coalesce(t.doc->>'name', 'Document ' || t.number)",
    subtitle: 't.content_type',
    owner: 't.user_id',
  },
};

/** Assignments are not a result type: their titles find the generated jobs made from them. */
export const ASSIGNMENT_SOURCE: SearchSource = {
  area: 'assignments',
  table: 'assignments',
  collection: 'assignments',
  text: 'crewbase_search_titled(t.doc)',
  title: "t.doc->>'title'",
  subtitle: 'NULL',
};
