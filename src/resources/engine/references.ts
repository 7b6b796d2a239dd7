// References between records. A field that names another record carries the table it names in its
// schema (`x-references`, set by objectId(table) in fields.ts); before a write, every such id of
// the document must name a record of the caller's company, checked with one query per table in the
// tenant's transaction (whose row-level security hides other companies: "exists here" is the check).
import { sql } from 'kysely';
import type { TenantTx } from '../../platform/db/tenant.js';
import { BadRequest, type FieldError } from '../../platform/http/errors.js';
import type { JsonSchema } from './schema-shapes.js';

/** Tables a field may name, with the noun of their records for messages. */
export const REFERENCED_TABLES = {
  absences: 'absence',
  access_groups: 'access group',
  activity_types: 'activity type',
  articles: 'article',
  assignments: 'assignment',
  contacts: 'contact',
  customers: 'customer',
  documents: 'document',
  equipment: 'equipment',
  equipment_types: 'equipment type',
  invoice_templates: 'invoice template',
  invoices: 'invoice',
  job_templates: 'job template',
  jobs: 'job',
  objects: 'object',
  pay_types: 'pay type',
  payment_methods: 'payment method',
  payment_terms: 'payment term',
  service_products: 'service product',
  suppliers: 'supplier',
  task_types: 'task type',
  tax_rates: 'tax rate',
  users: 'user',
} as const;

export type ReferencedTable = keyof typeof REFERENCED_TABLES;
/** One table, or several when the id may name a record of any of them (a product: article or service product). */
export type References = ReferencedTable | readonly ReferencedTable[];

export const REFERENCES_KEYWORD = 'x-references';

/** Where a schema holds references: property names, `*` for each item of an array. */
export interface ReferenceSite {
  segments: string[];
  tables: readonly ReferencedTable[];
}

type Json = JsonSchema;
const sitesOf = new WeakMap<object, ReferenceSite[]>();

/** The reference sites of a schema (found once per schema object; schemas are code, not input). */
export function referenceSites(schema: object): ReferenceSite[] {
  let sites = sitesOf.get(schema);
  if (!sites) {
    sites = [];
    collectSites(schema as Json, [], sites);
    sitesOf.set(schema, sites);
  }
  return sites;
}

function collectSites(schema: Json, segments: string[], sites: ReferenceSite[]) {
  if (!schema || typeof schema !== 'object') return;
  const references = schema[REFERENCES_KEYWORD] as References | undefined;
  if (references) sites.push({ segments, tables: typeof references === 'string' ? [references] : references });
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Json))
    collectSites(child, [...segments, key], sites);
  if (schema.items && !Array.isArray(schema.items)) collectSites(schema.items, [...segments, '*'], sites);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    collectSites(branch, segments, sites);
}

/** The values a document holds at a site, with their paths (an id in a list is named by the list). */
function valuesAt(doc: unknown, site: ReferenceSite): Array<{ path: string; value: unknown }> {
  let frontier: Array<{ value: unknown; path: string[] }> = [{ value: doc, path: [] }];
  for (const segment of site.segments) {
    const next: typeof frontier = [];
    for (const { value, path } of frontier) {
      if (segment === '*') {
        if (Array.isArray(value)) {
          value.forEach((item, i) => {
            next.push({ value: item, path: [...path, String(i)] });
          });
        }
      } else if (value && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, segment)) {
        next.push({ value: (value as Json)[segment], path: [...path, segment] });
      }
    }
    frontier = next;
  }
  const named = (path: string[]) => (site.segments.at(-1) === '*' ? path.slice(0, -1) : path).join('.');
  return frontier.map(({ value, path }) => ({ path: named(path), value }));
}

const nounOf = (tables: readonly ReferencedTable[]) => tables.map((t) => REFERENCED_TABLES[t]).join(' or ');

/**
 * Every id of `doc` at a reference site of `schema` names a record of the company, or a 400 names
 * each field that does not. With `previous` (an update) only ids the document did not hold at the
 * same site before are checked, so a record whose referenced record was deleted can still change.
 */
export async function assertReferencesExist(
  tx: TenantTx,
  schema: object,
  doc: unknown,
  previous?: unknown,
): Promise<void> {
  const wanted: Array<{ path: string; id: string; tables: readonly ReferencedTable[] }> = [];
  for (const site of referenceSites(schema)) {
    const before = previous === undefined ? undefined : new Set(valuesAt(previous, site).map((v) => v.value));
    for (const { path, value } of valuesAt(doc, site)) {
      if (typeof value === 'string' && !before?.has(value)) wanted.push({ path, id: value, tables: site.tables });
    }
  }
  if (wanted.length === 0) return;
  const byTable = new Map<ReferencedTable, Set<string>>();
  for (const { id, tables } of wanted)
    for (const table of tables) byTable.set(table, (byTable.get(table) ?? new Set()).add(id));
  const found = new Map<ReferencedTable, Set<string>>();
  for (const [table, ids] of byTable) {
    // sql: the table is chosen at run time from the referenced ones, and the ids go as one array parameter
    const { rows } = await sql<{ id: string }>`SELECT id FROM ${sql.table(table)}
      WHERE company_id = ${tx.companyId} AND id = ANY(${sql.val([...ids])}::text[])`.execute(tx.db);
    found.set(table, new Set(rows.map((r) => r.id)));
  }
  const errors: FieldError[] = [];
  for (const { path, id, tables } of wanted) {
    if (tables.some((t) => found.get(t)!.has(id))) continue;
    const message = `no such ${nounOf(tables)}: ${id}`;
    if (!errors.some((e) => e.path === path && e.message === message)) errors.push({ path, message });
  }
  if (errors.length) throw BadRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}
