// GET /v2/search: which types the caller may read (all records, or with the `own` level only
// their own), one statement over the types' search indexes, the best `limit` results.
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { readInTenant } from '../../platform/db/tenant.js';
import { BadRequest, Forbidden } from '../../platform/http/errors.js';
import { levelOf, type RequestContext } from '../../platform/http/request-context.js';
import { parseQuery } from './rules/query.js';
import { SEARCH_TYPES, SOURCES, type SearchType } from './search-sources.js';
import { searchStatement, type TypeScope } from './search-sql.js';

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
 * How similar a word must be to one of the record's to count as a near miss (pg_trgm's word
 * similarity, 0.6 by default): at 0.5 two swapped letters in a word of seven ("Rathuas") are found.
 */
// sql: a setting of this transaction only, which the builder has no call for
const similarityThreshold = sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)`;

const MATCH: Record<number, SearchResult['match']> = { 4: 'exact', 3: 'prefix', 2: 'words', 1: 'similar' };

/** The types the caller may read, each limited to their own records where their level is `own`. */
export function scopesFor(ctx: RequestContext, types: readonly SearchType[]): TypeScope[] {
  return types.flatMap((type): TypeScope[] => {
    const source = SOURCES[type];
    const level = levelOf(ctx.permissions, source.area, 'read');
    if (level === 'all') return [{ type }];
    if (level === 'own' && source.owner) return [{ type, ownerId: ctx.userId }];
    return []; // none, or own of a type without owner (as the engine's lists refuse it)
  });
}

export function searchService(deps: { database: Database }) {
  async function search(
    ctx: RequestContext,
    params: { q: string; types?: readonly SearchType[]; limit: number },
  ): Promise<{ types: SearchType[]; results: SearchResult[] }> {
    const query = parseQuery(params.q);
    if (!query) throw BadRequest('q: needs a letter or digit', [{ path: 'q', message: 'needs a letter or digit' }]);
    const scopes = scopesFor(ctx, params.types ?? SEARCH_TYPES);
    if (scopes.length === 0) throw Forbidden('Not permitted to read any of the types searched');
    const rows = await readInTenant(deps.database, ctx.companyId, async (tx) => {
      // Sent together (one round trip on PostgreSQL's pipelined connection), in this order.
      const [, found] = await Promise.all([
        similarityThreshold.execute(tx.db),
        searchStatement(scopes, query, params.limit).execute(tx.db),
      ]);
      return found.rows;
    });
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
        path: `/v2/${SOURCES[row.type].collection}/${row.id}`,
        match: MATCH[row.rank] ?? 'similar',
      });
    }
    return { types: scopes.map((scope) => scope.type), results };
  }
  return { search };
}
