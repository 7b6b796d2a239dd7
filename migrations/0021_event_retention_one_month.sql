-- Retention (0020) dropped every expired month in one transaction and read each month's horizons
-- after the first DETACH had taken its ACCESS EXCLUSIVE lock on events, so every write waited for the
-- whole run: 10 months of 416,666 events held the lock for 17 s (bench:events). Now one month per
-- call (the worker calls again while one was dropped), its horizons read first under a SHARE lock of
-- that partition alone, so events is locked only for the catalogue change of DETACH and DROP.
-- Returns 1 when it dropped a month, 0 when none is left (then the DEFAULT partition's old rows go).
CREATE OR REPLACE FUNCTION crewbase_drop_events_before(p_cutoff timestamptz) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET timezone = 'UTC' SET lock_timeout = '2s' AS $$
DECLARE
  m_name text;
BEGIN
  PERFORM pg_advisory_xact_lock(7270772);
  SELECT c.relname INTO m_name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'events'::regclass AND c.relname ~ '^events_[0-9]{6}$'
    AND to_timestamp(substr(c.relname, 8), 'YYYYMM') + interval '1 month' <= p_cutoff
  ORDER BY c.relname LIMIT 1;
  IF m_name IS NOT NULL THEN
    -- No write reaches a month this old; the SHARE lock makes sure none lands after its horizon is read.
    EXECUTE format('LOCK TABLE %I IN SHARE MODE', m_name);
    EXECUTE format($q$
      INSERT INTO event_horizons AS h (company_id, xid, seq)
      SELECT DISTINCT ON (company_id) company_id, xid, seq FROM %I WHERE type <> 'PING'
      ORDER BY company_id, xid DESC, seq DESC
      ON CONFLICT (company_id) DO UPDATE SET xid = excluded.xid, seq = excluded.seq, updated_at = now()
        WHERE (h.xid, h.seq) < (excluded.xid, excluded.seq)$q$, m_name);
    EXECUTE format('ALTER TABLE events DETACH PARTITION %I', m_name);
    EXECUTE format('DROP TABLE %I', m_name);
    RETURN 1;
  END IF;
  WITH gone AS (
    DELETE FROM events_default WHERE occurred_at < p_cutoff RETURNING company_id, xid, seq, type
  )
  INSERT INTO event_horizons AS h (company_id, xid, seq)
  SELECT DISTINCT ON (company_id) company_id, xid, seq FROM gone WHERE type <> 'PING'
  ORDER BY company_id, xid DESC, seq DESC
  ON CONFLICT (company_id) DO UPDATE SET xid = excluded.xid, seq = excluded.seq, updated_at = now()
    WHERE (h.xid, h.seq) < (excluded.xid, excluded.seq);
  RETURN 0;
END $$;
