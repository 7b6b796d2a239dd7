-- Events written more cheaply (job generation writes one per job, tens of thousands per window).
--
-- Ids: the same form (8 hex digits of Unix seconds, then 16 random hex digits), the random part
-- from two random() draws of 32 bits each instead of md5 over random()::text || clock_timestamp()::text,
-- which formatted a timestamp and hashed it for every id.
CREATE OR REPLACE FUNCTION crewbase_object_id() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
    || lpad(to_hex((random() * 4294967295)::bigint), 8, '0')
    || lpad(to_hex((random() * 4294967295)::bigint), 8, '0')
$$;

-- Deliveries: the subscribed webhooks are looked up once per call, not once per event (0003 joined
-- each new event to webhooks by its index, an index probe per event when no webhook subscribes).
CREATE OR REPLACE FUNCTION crewbase_emit(p_company text, p_type text, p_entity text, p_data jsonb[]) RETURNS void
LANGUAGE sql AS $$
  WITH new_events AS (
    INSERT INTO events (company_id, id, type, entity, data)
    SELECT p_company, crewbase_object_id(), p_type, p_entity, d FROM unnest(p_data) AS d
    RETURNING id
  ), subscribed AS MATERIALIZED (
    SELECT w.id FROM webhooks w
    WHERE w.company_id = p_company AND w.entity = p_entity AND w.type = p_type AND w.disabled_at IS NULL
  )
  INSERT INTO webhook_deliveries (company_id, id, webhook_id, event_id)
  SELECT p_company, crewbase_object_id(), w.id, e.id FROM subscribed w CROSS JOIN new_events e
$$;
