-- Updates of jobs could not be HOT (heap-only: the new row version on the same page, no index written): the
-- search index was on an expression of `doc`, and PostgreSQL takes any change of a column an index reads as a
-- change of that index, whether or not the row is in its partial predicate. So every clock-in or state change
-- of a generated job wrote a new entry into every index holding the row (18-31 % of job updates were HOT in
-- the capacity bench). The searched text is now a column of its own, `searched`, and the index is on it: a
-- change of `doc` alone (a clock-in, a state) leaves every indexed column as it was.
--
-- Not a generated column: adding one rewrites the whole table under an exclusive lock (minutes on a large
-- one). A plain column and a trigger add nothing to existing rows; the trigger runs only for the rows the
-- index holds (jobs made or touched by a person: WHEN below), so generation does not pay for it.
ALTER TABLE jobs ADD COLUMN searched text;

CREATE FUNCTION crewbase_job_searched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.searched := crewbase_search_titled(NEW.doc);
  RETURN NEW;
END $$;

-- The same predicate as the index's: a row outside it keeps NULL (generated jobs are found through their
-- assignment, modules/search/search-sources.ts). A job only ever becomes manual, never the other way.
CREATE TRIGGER jobs_searched BEFORE INSERT OR UPDATE ON jobs FOR EACH ROW
  WHEN (NEW.occurrence_key IS NULL OR NEW.is_manual) EXECUTE FUNCTION crewbase_job_searched();

UPDATE jobs SET searched = crewbase_search_titled(doc) WHERE occurrence_key IS NULL OR is_manual;

DROP INDEX jobs_search_idx;
CREATE INDEX jobs_search_idx ON jobs USING gin (company_id, searched gin_trgm_ops)
  WITH (gin_pending_list_limit = 64) WHERE occurrence_key IS NULL OR is_manual;

-- Room on each page for an updated row version (generation fills pages completely otherwise). Applies to pages
-- written from now on; existing ones are not rewritten.
ALTER TABLE jobs SET (fillfactor = 90);
