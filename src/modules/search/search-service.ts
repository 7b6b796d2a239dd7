// GET /v2/search: the types the caller may read, each limited by the very rule of its GET (the
// engine's read rule: own level, a document's accessGroup), one statement over the types' search
// indexes, the best `limit` results.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { GENERIC_PLAN } from '../../platform/db/postgres-transaction.js';
import { readInTenant } from '../../platform/db/tenant.js';
import { ON_GENERIC_PLANS } from '../../platform/db/transaction-options.js';
import { BadRequest, Forbidden } from '../../platform/http/errors.js';
import type { RequestContext } from '../../platform/http/request-context.js';
import type { TenantTx } from '../../platform/db/tenant.js';
import type { Resource } from '../../resources/engine/define-resource.js';
import { customers } from '../../resources/customers.js';
import { objects } from '../../resources/objects.js';
import { allOf, mayRead, readConditions } from '../../resources/engine/read-rule.js';
import { assignments } from '../scheduling/index.js';
import { parseQuery } from './rules/query.js';
import { SEARCH_TYPES, SOURCES, type SearchType } from './search-sources.js';
import { searchStatement, type Related, type SearchRow, type TypeScope } from './search-sql.js';

export interface SearchResult {
  type: SearchType;
  id: string;
  number: number;
  title: string;
  subtitle: string | null;
  path: string;
  match: 'exact' | 'prefix' | 'words' | 'similar';
}

/**
 * A setting of the search's transaction: how similar a word must be to one of the record's to count as a
 * near miss (pg_trgm's word similarity, 0.6 by default). At 0.5 two swapped letters in a word of seven
 * ("Rathuas") are found.
 */
// sql: a setting of this transaction only, which the builder has no call for
const searchSettings = sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)`;

const MATCH: Record<number, SearchResult['match']> = { 4: 'exact', 3: 'prefix', 2: 'words', 1: 'similar' };

/** The types asked for that the caller may read at all (the engine's rule: `own` needs an owner field). */
export function readableTypes(ctx: RequestContext, types: readonly SearchType[]): SearchType[] {
  return types.filter((type) => mayRead(ctx, SOURCES[type].resource));
}

/** The caller's read condition on the resource as one, or undefined when they may read none of it. */
async function readableOf(tx: TenantTx, ctx: RequestContext, resource: Resource) {
  return mayRead(ctx, resource) ? allOf(await readConditions(tx, ctx, resource)) : undefined;
}

async function scopesOf(tx: TenantTx, ctx: RequestContext, types: SearchType[]) {
  const scopes: TypeScope[] = [];
  for (const type of types)
    scopes.push({ type, readable: allOf(await readConditions(tx, ctx, SOURCES[type].resource)) });
  const related: Related = {
    object: await readableOf(tx, ctx, objects),
    customer: await readableOf(tx, ctx, customers),
    assignment: await readableOf(tx, ctx, assignments),
  };
  return { scopes, related };
}

export function searchService(deps: { database: Database }) {
  async function search(
    ctx: RequestContext,
    params: { q: string; types?: readonly SearchType[]; limit: number },
  ): Promise<{ types: SearchType[]; results: SearchResult[] }> {
    const query = parseQuery(params.q);
    if (!query) throw BadRequest('q: needs a letter or digit', [{ path: 'q', message: 'needs a letter or digit' }]);
    const types = readableTypes(ctx, params.types ?? SEARCH_TYPES);
    if (types.length === 0) throw Forbidden('Not permitted to read any of the types searched');
    // On generic plans, set with BEGIN (the scopes' look-ups are by key): PostgreSQL otherwise planned the search
    // statement (eight tables, about a hundred parameters) for each request, which took longer than running it;
    // that plan takes the same search indexes.
    const rows = await readInTenant(
      deps.database,
      ctx.companyId,
      async (tx) => {
        const { scopes, related } = await scopesOf(tx, ctx, types);
        // Sent together (one round trip on PostgreSQL's pipelined connection), in this order.
        const [, found] = await Promise.all([
          searchSettings.execute(tx.db),
          sql<SearchRow>`${GENERIC_PLAN}${searchStatement(scopes, related, query, params.limit)}`.execute(tx.db),
        ]);
        return found.rows;
      },
      ON_GENERIC_PLANS,
    );
    const seen = new Set<string>(); // a job can be found by its title and by its object
    const results: SearchResult[] = [];
    for (const row of rows) {
      if (results.length === params.limit) break;
      const key = `${row.type}:${row.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      results.push({
        type: row.type,
        id: row.id,
        number: row.number,
        title: row.title ?? `${row.type} ${row.number}`,
        subtitle: row.subtitle === '' ? null : row.subtitle,
        path: `/v2/${SOURCES[row.type].resource.collection}/${row.id}`,
        match: MATCH[row.rank] ?? 'similar',
      });
    }
    return { types, results };
  }
  return { search };
}
