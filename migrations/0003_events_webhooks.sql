-- Events (transactional outbox) and webhooks. An event row is written in the same transaction as
-- the change; a delivery row per subscribed webhook beside it. The delivery worker runs as
-- crewbase_worker, which may read events and webhooks and work the deliveries of every company.

DO $$ BEGIN CREATE ROLE crewbase_worker NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
GRANT USAGE ON SCHEMA public TO crewbase_worker;
DO $$ BEGIN EXECUTE format('GRANT crewbase_worker TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL; END $$;

-- 24 hex characters: seconds since 1970 (8) and 16 random, like an ObjectId.
CREATE FUNCTION crewbase_object_id() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0') || substr(md5(random()::text || clock_timestamp()::text), 1, 16)
$$;

CREATE TABLE events (
  company_id  text          NOT NULL,
  id          text          NOT NULL,
  seq         bigint        GENERATED ALWAYS AS IDENTITY,
  -- The writing transaction: the feed serves an event only once every older transaction ended.
  xid         xid8          NOT NULL DEFAULT pg_current_xact_id(),
  type        text          NOT NULL,
  entity      text          NOT NULL,
  occurred_at timestamptz(3) NOT NULL DEFAULT now(),
  data        jsonb         NOT NULL,
  PRIMARY KEY (company_id, id)
);
CREATE INDEX events_feed_idx ON events (company_id, xid, seq);
SELECT crewbase_tenant_table('events');

SELECT crewbase_resource_table('webhooks');
ALTER TABLE webhooks
  ADD COLUMN type             text NOT NULL,
  ADD COLUMN entity           text NOT NULL,
  ADD COLUMN url              text NOT NULL,
  ADD COLUMN secret_sealed    text,
  ADD COLUMN disabled_at      timestamptz(3),
  ADD COLUMN disabled_reason  text,
  ADD COLUMN failing_since    timestamptz(3);
CREATE INDEX webhooks_subscription_idx ON webhooks (company_id, entity, type) WHERE disabled_at IS NULL;

CREATE TABLE webhook_deliveries (
  company_id       text           NOT NULL,
  id               text           NOT NULL,
  webhook_id       text           NOT NULL,
  event_id         text           NOT NULL,
  status           text           NOT NULL DEFAULT 'pending', -- pending | delivering | delivered | failed
  attempts         integer        NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz(3) NOT NULL DEFAULT now(),
  lease_until      timestamptz(3),
  last_status_code integer,
  last_error       text,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  finished_at      timestamptz(3),
  PRIMARY KEY (company_id, id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'delivering');
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (company_id, webhook_id, created_at);
SELECT crewbase_tenant_table('webhook_deliveries');

CREATE TABLE webhook_attempts (
  company_id       text           NOT NULL,
  id               text           NOT NULL,
  delivery_id      text           NOT NULL,
  webhook_id       text           NOT NULL,
  attempted_at     timestamptz(3) NOT NULL DEFAULT now(),
  status_code      integer,
  duration_ms      integer        NOT NULL,
  error            text,
  response_excerpt text,
  PRIMARY KEY (company_id, id)
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (company_id, delivery_id, attempted_at);
CREATE INDEX webhook_attempts_age_idx ON webhook_attempts (attempted_at);
SELECT crewbase_tenant_table('webhook_attempts');

-- The worker's reach: every company's deliveries and attempts, read-only events and webhooks
-- (it may disable a webhook whose deliveries keep failing).
CREATE POLICY worker_access ON webhook_deliveries TO crewbase_worker USING (true) WITH CHECK (true);
CREATE POLICY worker_access ON webhook_attempts TO crewbase_worker USING (true) WITH CHECK (true);
CREATE POLICY worker_read ON events FOR SELECT TO crewbase_worker USING (true);
CREATE POLICY worker_read ON webhooks FOR SELECT TO crewbase_worker USING (true);
CREATE POLICY worker_update ON webhooks FOR UPDATE TO crewbase_worker USING (true) WITH CHECK (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_deliveries, webhook_attempts TO crewbase_worker;
GRANT SELECT ON events TO crewbase_worker;
GRANT SELECT, UPDATE ON webhooks TO crewbase_worker;

-- The one way to emit events: one per data item, with a delivery for each subscribed webhook.
-- Runs in the caller's transaction and under its row-level security.
CREATE FUNCTION crewbase_emit(p_company text, p_type text, p_entity text, p_data jsonb[]) RETURNS void
LANGUAGE sql AS $$
  WITH new_events AS (
    INSERT INTO events (company_id, id, type, entity, data)
    SELECT p_company, crewbase_object_id(), p_type, p_entity, d FROM unnest(p_data) AS d
    RETURNING company_id, id
  )
  INSERT INTO webhook_deliveries (company_id, id, webhook_id, event_id)
  SELECT e.company_id, crewbase_object_id(), w.id, e.id
  FROM new_events e JOIN webhooks w
    ON w.company_id = e.company_id AND w.entity = p_entity AND w.type = p_type AND w.disabled_at IS NULL
$$;
