-- Search (GET /v2/search): trigram indexes on the searched text of each record type. The search
-- module reads the owners' tables directly (docs/architecture.md, "Table ownership"); nothing is
-- copied into a table of its own, so a result is never stale and writes pay only the index.
-- PGlite loads pg_trgm and btree_gin as bundled extensions (platform/db/database.ts); PostgreSQL
-- ships both in contrib. btree_gin puts company_id into the same index, so a search reads only its
-- company's entries, however many companies share a word.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- How text is compared: lower case, German umlauts and common accents folded, ß as ss, so that
-- "Müller", "MULLER" and "muller" are the same word. IMMUTABLE (translate and replace are), so it
-- can sit in an index; the query side folds the same way (search/rules/query.ts).
CREATE FUNCTION crewbase_search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(translate(lower(value), 'äöüáàâãéèêëíìîïóòôõúùûçñ', 'aouaaaaeeeeiiiioooouuucn'), 'ß', 'ss')
$$;

-- The searched text of each type, one function per table, so that the index and the query name the
-- same expression. PL/pgSQL, so never inlined: an index condition under row-level security must be
-- one LEAKPROOF function (below), not the expression inside it. Schema-qualified, as PostgreSQL 17+
-- builds indexes with search_path = pg_catalog. COST very high: computing one for each of a
-- company's rows is what the index saves, and the planner must see that even without statistics
-- (PGlite has no autovacuum, so its tables are never analyzed).
CREATE FUNCTION crewbase_search_customer(doc jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100000 AS $$
BEGIN
  RETURN public.crewbase_search_fold(concat_ws(' ', doc->>'name', doc->>'contactPerson', doc#>>'{address,street}',
    doc#>>'{address,city}'));
END $$;
CREATE FUNCTION crewbase_search_object(doc jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100000 AS $$
BEGIN
  RETURN public.crewbase_search_fold(concat_ws(' ', doc->>'name', doc#>>'{address,street}', doc#>>'{address,city}'));
END $$;
CREATE FUNCTION crewbase_search_user(doc jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100000 AS $$
BEGIN
  RETURN public.crewbase_search_fold(concat_ws(' ', doc#>>'{general,firstName}', doc#>>'{general,lastName}'));
END $$;
CREATE FUNCTION crewbase_search_titled(doc jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100000 AS $$
BEGIN
  RETURN public.crewbase_search_fold(coalesce(doc->>'title', ''));
END $$;
CREATE FUNCTION crewbase_search_invoice(doc jsonb, document_number text) RETURNS text LANGUAGE plpgsql IMMUTABLE
PARALLEL SAFE COST 100000 AS $$
BEGIN
  RETURN public.crewbase_search_fold(concat_ws(' ', document_number, doc->>'title'));
END $$;
CREATE FUNCTION crewbase_search_document(doc jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100000 AS $$
BEGIN
  RETURN public.crewbase_search_fold(coalesce(doc->>'name', ''));
END $$;

-- Row-level security lets a condition use an index only when every function in it is LEAKPROOF
-- (reveals nothing of its arguments but by its result); otherwise PostgreSQL checks the tenant
-- first and the condition on each of the company's rows (some 4 µs a row for a similarity). These
-- never fail on any input, so they are. Only a superuser may say so: where the migration runs as
-- another role, search answers the same, by scanning the company's rows (docs/decisions.md, Search).
DO $$ BEGIN
  ALTER FUNCTION word_similarity_op(text, text) LEAKPROOF;
  ALTER FUNCTION word_similarity_commutator_op(text, text) LEAKPROOF;
  ALTER FUNCTION crewbase_search_customer(jsonb) LEAKPROOF;
  ALTER FUNCTION crewbase_search_object(jsonb) LEAKPROOF;
  ALTER FUNCTION crewbase_search_user(jsonb) LEAKPROOF;
  ALTER FUNCTION crewbase_search_titled(jsonb) LEAKPROOF;
  ALTER FUNCTION crewbase_search_invoice(jsonb, text) LEAKPROOF;
  ALTER FUNCTION crewbase_search_document(jsonb) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'search: not a superuser, so the search indexes are not used under row-level security';
END $$;

-- A small pending list (64 kB, not 4 MB): every search reads the whole list of rows not yet merged
-- into the index, and PGlite has no autovacuum to merge it.
CREATE INDEX customers_search_idx ON customers USING gin (company_id, crewbase_search_customer(doc) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
CREATE INDEX objects_search_idx ON objects USING gin (company_id, crewbase_search_object(doc) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
CREATE INDEX users_search_idx ON users USING gin (company_id, crewbase_search_user(doc) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
-- Jobs without a title (found through their object) have an empty text: no trigrams to index.
-- Generated jobs, untouched by a person, carry their assignment's title and are found through the
-- assignment: indexing each (tens of thousands a generation) would slow generation for a copy.
CREATE INDEX jobs_search_idx ON jobs USING gin (company_id, crewbase_search_titled(doc) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64) WHERE occurrence_key IS NULL OR is_manual;
CREATE INDEX assignments_search_idx ON assignments USING gin (company_id, crewbase_search_titled(doc) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
CREATE INDEX tasks_search_idx ON tasks USING gin (company_id, crewbase_search_titled(doc) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
CREATE INDEX invoices_search_idx ON invoices USING gin (company_id, crewbase_search_invoice(doc, document_number) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
CREATE INDEX documents_search_idx ON documents USING gin (company_id, crewbase_search_document(doc) gin_trgm_ops)
  WITH (gin_pending_list_limit = 64);
