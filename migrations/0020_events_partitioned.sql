-- Events partitioned by the month of occurred_at (UTC), so that years of events are not kept
-- forever: retention (EVENT_RETENTION_MONTHS) drops whole months, which costs a catalogue change
-- instead of deleting rows one by one. The rows are copied into the partitioned table and the
-- names swapped, in this one transaction; xid and seq are copied as they are and the sequence goes
-- on after the largest seq, so every cursor handed out before stays valid and the order is unchanged.

ALTER TABLE events RENAME TO events_unpartitioned;
ALTER TABLE events_unpartitioned RENAME CONSTRAINT events_pkey TO events_unpartitioned_pkey;
ALTER INDEX events_feed_idx RENAME TO events_unpartitioned_feed_idx;
ALTER SEQUENCE events_seq_seq RENAME TO events_unpartitioned_seq_seq;

CREATE TABLE events (
  company_id  text           NOT NULL,
  id          text           NOT NULL,
  seq         bigint         GENERATED ALWAYS AS IDENTITY,
  -- The writing transaction: the feed serves an event only once every older transaction ended.
  xid         xid8           NOT NULL DEFAULT pg_current_xact_id(),
  type        text           NOT NULL,
  entity      text           NOT NULL,
  occurred_at timestamptz(3) NOT NULL DEFAULT now(),
  data        jsonb          NOT NULL,
  -- A partitioned table's keys must hold its partition column; ids stay unique on their own
  -- (16 random hex characters per second), and every key still starts with company_id.
  PRIMARY KEY (company_id, id, occurred_at)
) PARTITION BY RANGE (occurred_at);
CREATE INDEX events_feed_idx ON events (company_id, xid, seq);
-- The safety net: a row of a month without its partition (the worker was down) lands here, and
-- moves to its month's partition when that is made.
CREATE TABLE events_default PARTITION OF events DEFAULT;
SELECT crewbase_tenant_table('events');
CREATE POLICY worker_read ON events FOR SELECT TO crewbase_worker USING (true);
GRANT SELECT ON events TO crewbase_worker;

-- Per company, the newest event (in feed order) that retention removed: a feed cursor before it has
-- missed events, and the feed says so (410) instead of going on as if nothing were lost.
CREATE TABLE event_horizons (
  company_id text           NOT NULL PRIMARY KEY,
  xid        xid8           NOT NULL,
  seq        bigint         NOT NULL,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
SELECT crewbase_tenant_table('event_horizons');
-- Written only by crewbase_drop_events_before below, as the table's owner (not forced under the
-- tenant policy, which knows no owner); the API reads it as crewbase_app under the policy.
ALTER TABLE event_horizons NO FORCE ROW LEVEL SECURITY;

-- A month's partition, events_YYYYMM for [first of the month, first of the next) in UTC. Rows the
-- DEFAULT partition caught for that month move in before it is attached (attaching checks that the
-- DEFAULT partition holds none of its range).
CREATE FUNCTION crewbase_event_month_partition(p_month timestamptz) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET timezone = 'UTC' AS $$
DECLARE
  m_from timestamptz := date_trunc('month', p_month);
  m_to   timestamptz := date_trunc('month', p_month) + interval '1 month';
  m_name text        := 'events_' || to_char(date_trunc('month', p_month), 'YYYYMM');
BEGIN
  IF to_regclass(m_name) IS NOT NULL THEN RETURN false; END IF;
  EXECUTE format('CREATE TABLE %I (LIKE events)', m_name);
  EXECUTE format('WITH moved AS (DELETE FROM events_default WHERE occurred_at >= $1 AND occurred_at < $2 RETURNING *)
    INSERT INTO %I SELECT * FROM moved', m_name) USING m_from, m_to;
  EXECUTE format('ALTER TABLE events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', m_name, m_from, m_to);
  RETURN true;
END $$;

-- The month of p_now and the p_ahead months after it (the worker: this month and the next two,
-- at start and hourly). Returns how many partitions it made.
CREATE FUNCTION crewbase_event_partitions_ahead(p_now timestamptz, p_ahead integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET timezone = 'UTC' AS $$
DECLARE
  made integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(7270772); -- several workers: one makes them, the others find them made
  FOR i IN 0..least(p_ahead, 24) LOOP
    IF crewbase_event_month_partition(date_trunc('month', coalesce(p_now, now())) + make_interval(months => i)) THEN
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END $$;

-- Retention: drops every month partition that ends on or before p_cutoff and the DEFAULT
-- partition's rows before it, first raising each company's horizon to the newest event dropped.
-- Detaching takes an ACCESS EXCLUSIVE lock on events for a moment; waiting for it (behind a long
-- write) would stall every writer queued behind, so it gives up after 2 s and the next run tries again.
-- Returns how many partitions it dropped.
CREATE FUNCTION crewbase_drop_events_before(p_cutoff timestamptz) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET timezone = 'UTC' SET lock_timeout = '2s' AS $$
DECLARE
  part    record;
  dropped integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(7270772);
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'events'::regclass AND c.relname ~ '^events_[0-9]{6}$'
      AND to_timestamp(substr(c.relname, 8), 'YYYYMM') + interval '1 month' <= p_cutoff
    ORDER BY c.relname
  LOOP
    EXECUTE format('ALTER TABLE events DETACH PARTITION %I', part.relname);
    EXECUTE format($q$
      INSERT INTO event_horizons AS h (company_id, xid, seq)
      SELECT DISTINCT ON (company_id) company_id, xid, seq FROM %I WHERE type <> 'PING'
      ORDER BY company_id, xid DESC, seq DESC
      ON CONFLICT (company_id) DO UPDATE SET xid = excluded.xid, seq = excluded.seq, updated_at = now()
        WHERE (h.xid, h.seq) < (excluded.xid, excluded.seq)$q$, part.relname);
    EXECUTE format('DROP TABLE %I', part.relname);
    dropped := dropped + 1;
  END LOOP;
  WITH gone AS (
    DELETE FROM events_default WHERE occurred_at < p_cutoff RETURNING company_id, xid, seq, type
  )
  INSERT INTO event_horizons AS h (company_id, xid, seq)
  SELECT DISTINCT ON (company_id) company_id, xid, seq FROM gone WHERE type <> 'PING'
  ORDER BY company_id, xid DESC, seq DESC
  ON CONFLICT (company_id) DO UPDATE SET xid = excluded.xid, seq = excluded.seq, updated_at = now()
    WHERE (h.xid, h.seq) < (excluded.xid, excluded.seq);
  RETURN dropped;
END $$;

REVOKE ALL ON FUNCTION crewbase_event_month_partition(timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION crewbase_event_partitions_ahead(timestamptz, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION crewbase_drop_events_before(timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION crewbase_event_partitions_ahead(timestamptz, integer) TO crewbase_worker;
GRANT EXECUTE ON FUNCTION crewbase_drop_events_before(timestamptz) TO crewbase_worker;

-- A partition for every month that has events, and this month and the next two; then the rows.
DO $$
DECLARE
  m timestamptz;
BEGIN
  FOR m IN SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM events_unpartitioned LOOP
    PERFORM crewbase_event_month_partition(m);
  END LOOP;
  PERFORM crewbase_event_partitions_ahead(now(), 2);
END $$;

INSERT INTO events (company_id, id, seq, xid, type, entity, occurred_at, data) OVERRIDING SYSTEM VALUE
SELECT company_id, id, seq, xid, type, entity, occurred_at, data FROM events_unpartitioned;
SELECT setval(pg_get_serial_sequence('events', 'seq'), (SELECT coalesce(max(seq), 0) + 1 FROM events), false);
DROP TABLE events_unpartitioned;
