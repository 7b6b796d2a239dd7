// The statement of one search: per type a ranked, limited select over its search index, all of
// them UNION ALL in one statement (one round trip). Ranks: 4 exact (title or number), 3 prefix
// (title or number), 2 every word contained, 1 similar only (pg_trgm word similarity, a typo);
// within a rank the closer match first.
// sql: the builder cannot say pg_trgm's operators, a table chosen per type, or fenced subqueries.
import { sql, type RawBuilder } from 'kysely';
import { likeLiteral, numberPrefixRanges, type ParsedQuery } from './rules/query.js';
import { ASSIGNMENT_SOURCE, SOURCES, type Readable, type SearchSource, type SearchType } from './search-sources.js';

export interface SearchRow {
  type: SearchType;
  id: string;
  number: number;
  title: string | null;
  subtitle: string | null;
  rank: number;
  score: number;
}

/**
 * A type to search and the condition a record must meet for the caller to read it: the engine's
 * read rule of its GET (engine/read-rule.ts; unqualified columns, here the table's alias t).
 */
export interface TypeScope {
  type: SearchType;
  readable: RawBuilder<boolean>;
}

/** What the caller may read beside the types searched: names in subtitles, the parents jobs are found through. */
export interface Related extends Readable {
  assignment?: RawBuilder<boolean>;
}

/**
 * Matches of one type ranked at most: a word most records share ("Reinigung") would otherwise cost
 * the searched text and similarity of each. Beyond it, the first found are ranked (docs/decisions.md).
 */
export const MAX_CANDIDATES = 100;

/** Objects (assignments) whose jobs are listed when they match; jobs of each from today on, earliest first. */
const PARENTS_FOR_JOBS = 5;

const raw = (expression: string) => sql.raw(expression);

/**
 * The record has a word like each word of letters of the query (pg_trgm's `<%`: containing it,
 * starting with it, or a typo away; LIKE would not reach the index, see migration 0013). A query
 * of one word with digits names the record numbers, or invoices' document numbers, starting with it:
 * the number's unique index, and a look at the company's invoices (LIKE is cheap, the index moot).
 */
function matches(source: SearchSource, query: ParsedQuery): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [];
  if (query.textWords.length > 0) {
    const text = raw(source.indexedText ?? source.text);
    const indexed = source.indexed ? sql` AND ${raw(source.indexed)}` : sql``;
    conditions.push(
      sql`(${sql.join(
        query.textWords.map((word) => sql`${word} <% ${text}`),
        sql` AND `,
      )}${indexed})`,
    );
  }
  if (query.number !== undefined) {
    for (const [from, to] of numberPrefixRanges(query.number)) conditions.push(sql`t.number BETWEEN ${from} AND ${to}`);
  }
  const other = source.otherNumber;
  if (other && query.textWords.length === 0 && query.words.length === 1)
    conditions.push(sql`lower(${raw(other)}) LIKE ${`${likeLiteral(query.text)}%`}`);
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` OR `)})` : sql<boolean>`false`;
}

/** The type's matching rows (all columns, alias t) with rank and score, best `limit` first. */
function ranked(source: SearchSource, query: ParsedQuery, readable: RawBuilder<boolean>, limit: number) {
  const prefix = `${likeLiteral(query.text)}%`;
  const number = query.number ?? -1;
  const other = source.otherNumber ? raw(`crewbase_search_fold(${source.otherNumber})`) : undefined;
  const exact = sql`(t.search_title = ${query.text} OR t.number = ${number}${other ? sql` OR ${other} = ${query.text}` : sql``})`;
  const startsWith = sql`(t.search_title LIKE ${prefix} OR left(t.number::text, ${String(number).length}) = ${String(number)}${
    other ? sql` OR ${other} LIKE ${prefix}` : sql``
  })`;
  const contained = sql.join(
    query.words.map((word) => sql`t.search_text LIKE ${`%${likeLiteral(word)}%`}`),
    sql` AND `,
  );
  // A number's matches are ranked by the number alone: no text to compute for them.
  const searchText = query.textWords.length ? raw(source.text) : sql`NULL::text`;
  const score = query.textWords.length ? sql`word_similarity(${query.text}, t.search_text)` : sql`0::real`;
  // The inner LIMIT also keeps the select apart, so the searched text is computed once per match.
  return sql`SELECT t.*,
      CASE WHEN ${exact} THEN 4 WHEN ${startsWith} THEN 3 WHEN ${contained} THEN 2 ELSE 1 END AS rank,
      ${score} AS score
    FROM (SELECT t.*, ${searchText} AS search_text, crewbase_search_fold(${raw(source.title)}) AS search_title
          FROM ${raw(source.resource.table)} t WHERE ${matches(source, query)} AND ${readable} LIMIT ${MAX_CANDIDATES}) t
    ORDER BY rank DESC, score DESC, t.number LIMIT ${limit}`;
}

/** Ranked objects, computed once for the object results and the jobs found through them. */
const FOUND_OBJECTS = 'found_objects';
const FOUND_ASSIGNMENTS = 'found_assignments';
/** The upcoming jobs of the best matching assignments, read in one scan (jobsThrough). */
const FOUND_ASSIGNMENT_JOBS = 'found_assignment_jobs';

function typeSelect(scope: TypeScope, related: Related, query: ParsedQuery, limit: number): RawBuilder<SearchRow> {
  const source = SOURCES[scope.type];
  const rows = scope.type === 'object' ? raw(FOUND_OBJECTS) : sql`(${ranked(source, query, scope.readable, limit)})`;
  return sql<SearchRow>`(SELECT ${scope.type}::text AS type, t.id, t.number, ${raw(source.title)} AS title,
    ${source.subtitle(related)} AS subtitle, t.rank, t.score
    FROM ${rows} t ORDER BY t.rank DESC, t.score DESC, t.number LIMIT ${limit})`;
}

/**
 * Jobs found through their object's name (a job is searched "by title and object") or, for generated
 * jobs, their assignment's title: the upcoming jobs of the best matching objects or assignments,
 * ranked as that match, just below it. Only through parents the caller may read (searchStatement):
 * a name they may not read neither finds nor titles a job.
 */
function jobsThrough(
  parent: 'object' | 'assignment',
  scope: TypeScope,
  related: Related,
  limit: number,
): RawBuilder<SearchRow> {
  const [found, source] =
    parent === 'object' ? [FOUND_OBJECTS, SOURCES.object] : [FOUND_ASSIGNMENTS, ASSIGNMENT_SOURCE];
  // An object's upcoming jobs by their index (object, start); an assignment's from the jobs read for all of them.
  const jobs =
    parent === 'object'
      ? sql`CROSS JOIN LATERAL (SELECT t.id, t.number, t.doc, t.from_at, t.object_id, t.company_id FROM jobs t
      WHERE t.object_id = p.id AND t.from_at >= date_trunc('day', now()) AND ${scope.readable}
      ORDER BY t.from_at LIMIT ${limit}) t`
      : sql`JOIN ${raw(FOUND_ASSIGNMENT_JOBS)} t ON t.assignment_id = p.id`;
  // The jobs' alias is t, as the job source's subtitle and the read condition expect.
  return sql<SearchRow>`(SELECT 'job'::text AS type, t.id, t.number, coalesce(t.doc->>'title', p.name) AS title,
    ${SOURCES.job.subtitle(related)} AS subtitle, p.rank, p.score - 0.001 AS score
    FROM (${parentsFor(found, source)}) p ${jobs}
    ORDER BY 6 DESC, 7 DESC, t.from_at LIMIT ${limit})`;
}

/** The parents whose jobs are listed: the best PARENTS_FOR_JOBS of those found, with their name. */
function parentsFor(found: string, source: SearchSource) {
  return sql`SELECT t.id, ${raw(source.title)} AS name, t.rank, t.score FROM ${raw(found)} t
    ORDER BY t.rank DESC, t.score DESC, t.number LIMIT ${PARENTS_FOR_JOBS}`;
}

/**
 * The upcoming jobs of the best matching assignments, in one scan of the company's upcoming jobs (by start).
 * No index leads from an assignment to its jobs by start (one more on jobs would cost every generated job),
 * so a read per assignment went through all the company's upcoming jobs until it found `limit` of that
 * assignment's, which a weekly assignment seldom has: five assignments read them five times.
 * Most searches match no assignment: the EXISTS, a one-time filter, then skips the scan (it read every upcoming
 * job of the company for nothing, about 790 in the capacity bench's companies).
 */
function assignmentJobs(scope: TypeScope) {
  return sql`SELECT t.id, t.number, t.doc, t.from_at, t.object_id, t.company_id, t.assignment_id FROM jobs t
    WHERE EXISTS (SELECT FROM ${raw(FOUND_ASSIGNMENTS)})
      AND t.assignment_id = ANY(ARRAY(SELECT p.id FROM (${parentsFor(FOUND_ASSIGNMENTS, ASSIGNMENT_SOURCE)}) p))
      AND t.from_at >= date_trunc('day', now()) AND ${scope.readable}`;
}

/** The whole search: every type's best `limit`, best first (the caller cuts and de-duplicates). */
export function searchStatement(
  scopes: TypeScope[],
  related: Related,
  query: ParsedQuery,
  limit: number,
): RawBuilder<SearchRow> {
  const jobScope = scopes.find((scope) => scope.type === 'job');
  const throughObjects = jobScope && related.object ? related.object : undefined;
  const throughAssignments = jobScope && related.assignment ? related.assignment : undefined;
  const parts = scopes.map((scope) => typeSelect(scope, related, query, limit));
  if (jobScope && throughObjects) parts.push(jobsThrough('object', jobScope, related, limit));
  if (jobScope && throughAssignments) parts.push(jobsThrough('assignment', jobScope, related, limit));
  const objectScope = scopes.find((scope) => scope.type === 'object')?.readable ?? throughObjects;
  const ctes = [
    ...(objectScope
      ? [
          sql`${raw(FOUND_OBJECTS)} AS MATERIALIZED (${ranked(SOURCES.object, query, objectScope, Math.max(limit, PARENTS_FOR_JOBS))})`,
        ]
      : []),
    ...(jobScope && throughAssignments
      ? [
          sql`${raw(FOUND_ASSIGNMENTS)} AS MATERIALIZED (${ranked(ASSIGNMENT_SOURCE, query, throughAssignments, PARENTS_FOR_JOBS)})`,
          sql`${raw(FOUND_ASSIGNMENT_JOBS)} AS MATERIALIZED (${assignmentJobs(jobScope)})`,
        ]
      : []),
  ];
  const withs = ctes.length ? sql`WITH ${sql.join(ctes)} ` : sql``;
  return sql<SearchRow>`${withs}SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) found
    ORDER BY rank DESC, score DESC, type, number`;
}
