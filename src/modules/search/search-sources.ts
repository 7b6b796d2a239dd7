// What each result type is searched in, shown as, and who may see it. The searched text of a
// table is a function of migration 0013 over which that table has a trigram index, so the
// conditions below are index look-ups; the owners' tables are read here directly, the one module
// allowed to (docs/architecture.md, "Table ownership").
import { sql, type RawBuilder } from 'kysely';
import type { Resource } from '../../resources/engine/define-resource.js';
import { customers } from '../../resources/customers.js';
import { objects } from '../../resources/objects.js';
import { documents } from '../documents/index.js';
import { invoices } from '../invoicing/index.js';
import { assignments, jobs } from '../scheduling/index.js';
import { tasks } from '../tasks/index.js';
import { users } from '../users/index.js';

export const SEARCH_TYPES = ['customer', 'object', 'user', 'job', 'task', 'invoice', 'document'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * The caller's read condition (engine/read-rule.ts, unqualified columns) on each type a subtitle
 * names, absent when they may read none: a name is shown only where its record's GET would answer.
 */
export type Readable = Partial<Record<'object' | 'customer', RawBuilder<boolean>>>;

export interface SearchSource {
  /**
   * The resource: its table is searched (alias `t` in the expressions), its collection is the API
   * path of a result (`/v2/<collection>/<id>`), and the engine's read rule of its GET decides which
   * records the caller finds (engine/read-rule.ts).
   */
  resource: Resource;
  /** The searched text: the expression of the table's search index (migration 0013). */
  text: string;
  /** Where the index is on a column kept equal to `text` for the rows it holds (`indexed`): that column. */
  indexedText?: string;
  /** What the result is called, and the part of it an exact or prefix match is judged on. */
  title: string;
  subtitle(readable: Readable): RawBuilder<string | null>;
  /** A further number the record is known by (an invoice's document number). */
  otherNumber?: string;
  /** The predicate of the table's partial search index: only rows it holds are searched by text. */
  indexed?: string;
}

const raw = (expression: string) => sql.raw(expression);

/** The name of the record `t.<column>` refers to, where the caller may read it; else NULL. */
function nameOf(table: string, column: string, condition: RawBuilder<boolean> | undefined): RawBuilder<unknown> {
  if (!condition) return sql`NULL`;
  // The condition's unqualified columns are the innermost table's: r.
  return sql`(SELECT r.doc->>'name' FROM ${raw(table)} r WHERE r.company_id = t.company_id AND r.id = t.${raw(column)} AND ${condition})`;
}

/** concat_ws(', ', parts…): the NULL parts left out. */
const joined = (...parts: RawBuilder<unknown>[]) => sql<string | null>`concat_ws(', ', ${sql.join(parts)})`;

const day = (column: string) => raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
const place = raw("nullif(concat_ws(' ', t.doc#>>'{address,zip}', t.doc#>>'{address,city}'), '')");

export const SOURCES: Record<SearchType, SearchSource> = {
  customer: {
    resource: customers,
    text: 'crewbase_search_customer(t.doc)',
    title: "t.doc->>'name'",
    subtitle: () => joined(raw("t.doc->>'contactPerson'"), place),
  },
  object: {
    resource: objects,
    text: 'crewbase_search_object(t.doc)',
    title: "t.doc->>'name'",
    subtitle: () => joined(raw("t.doc#>>'{address,street}'"), place),
  },
  user: {
    resource: users,
    text: 'crewbase_search_user(t.doc)',
    title:
      "coalesce(nullif(concat_ws(' ', t.doc#>>'{general,firstName}', t.doc#>>'{general,lastName}'), ''), t.login, 'User ' || t.number)",
    subtitle: () => sql`t.login_email`,
  },
  job: {
    resource: jobs,
    text: 'crewbase_search_titled(t.doc)',
    // A trigger keeps it for the indexed rows (migration 0024: so that a change of doc alone is a HOT update).
    indexedText: 't.searched',
    title: "t.doc->>'title'",
    subtitle: (readable) => joined(nameOf('objects', 'object_id', readable.object), day('t.from_at')),
    // Generated jobs carry their assignment's title and are found through it (ASSIGNMENT_SOURCE):
    // indexing each of them would cost job generation ~8 µs a job for a copy of a few titles.
    indexed: '(t.occurrence_key IS NULL OR t.is_manual)',
  },
  task: {
    resource: tasks,
    text: 'crewbase_search_titled(t.doc)',
    title: "t.doc->>'title'",
    subtitle: () => joined(raw('t.task_status'), sql`'due ' || ${day('t.due_at')}`),
  },
  invoice: {
    resource: invoices,
    text: 'crewbase_search_invoice(t.doc, t.document_number)',
    title: "coalesce(t.doc->>'title', 'Invoice ' || coalesce(t.document_number, 'draft ' || t.number))",
    subtitle: (readable) =>
      joined(raw('t.document_number'), nameOf('customers', 'customer_id', readable.customer), raw('t.state')),
    otherNumber: 't.document_number',
  },
  document: {
    resource: documents,
    text: 'crewbase_search_document(t.doc)',
    title: "coalesce(t.doc->>'name', 'Document ' || t.number)",
    subtitle: () => sql`t.content_type`,
  },
};

/** Assignments are not a result type: their titles find the generated jobs made from them. */
export const ASSIGNMENT_SOURCE: SearchSource = {
  resource: assignments,
  text: 'crewbase_search_titled(t.doc)',
  title: "t.doc->>'title'",
  subtitle: () => sql`NULL`,
};
