-- Notifications: an in-app feed per user, preferences by kind and channel, Web Push subscriptions
-- and their delivery queue. Notifications are written by triggers on the changes that cause them,
-- so they are in the same transaction as the change whatever route or action made it.

CREATE TABLE notifications (
  company_id text           NOT NULL,
  id         text           NOT NULL,
  -- Newest first and the paging cursor: ids are time-ordered only to the second.
  seq        bigint         GENERATED ALWAYS AS IDENTITY,
  user_id    text           NOT NULL,
  kind       text           NOT NULL,
  entity     text           NOT NULL,
  entity_id  text           NOT NULL,
  actor_id   text,
  data       jsonb          NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  read_at    timestamptz(3),
  PRIMARY KEY (company_id, id)
);
CREATE INDEX notifications_feed_idx ON notifications (company_id, user_id, seq DESC);
CREATE INDEX notifications_unread_idx ON notifications (company_id, user_id, seq) WHERE read_at IS NULL;
CREATE INDEX notifications_age_idx ON notifications (created_at);
SELECT crewbase_tenant_table('notifications');

-- A missing row means on: every kind reaches every channel until the user turns it off.
CREATE TABLE notification_preferences (
  company_id text    NOT NULL,
  user_id    text    NOT NULL,
  kind       text    NOT NULL,
  in_app     boolean NOT NULL DEFAULT true,
  push       boolean NOT NULL DEFAULT true,
  PRIMARY KEY (company_id, user_id, kind)
);
SELECT crewbase_tenant_table('notification_preferences');

-- A browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys), always the caller's own.
CREATE TABLE push_subscriptions (
  company_id text           NOT NULL,
  id         text           NOT NULL,
  user_id    text           NOT NULL,
  endpoint   text           NOT NULL,
  p256dh     text           NOT NULL,
  auth       text           NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
-- An endpoint is one browser profile: registering it again (as anyone) replaces the old row.
CREATE UNIQUE INDEX push_subscriptions_endpoint_key ON push_subscriptions (company_id, endpoint);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (company_id, user_id);
SELECT crewbase_tenant_table('push_subscriptions');

-- One row per notification and subscription; deleted once delivered (or the subscription is gone).
CREATE TABLE push_deliveries (
  company_id       text           NOT NULL,
  id               text           NOT NULL,
  subscription_id  text           NOT NULL,
  payload          jsonb          NOT NULL,
  status           text           NOT NULL DEFAULT 'pending', -- pending | failed
  attempts         integer        NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz(3) NOT NULL DEFAULT now(),
  last_status_code integer,
  last_error       text,
  created_at       timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE INDEX push_deliveries_due_idx ON push_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_deliveries_subscription_idx ON push_deliveries (company_id, subscription_id);
SELECT crewbase_tenant_table('push_deliveries');

-- The worker delivers every company's pushes, removes gone subscriptions and trims the feeds.
CREATE POLICY worker_access ON push_deliveries TO crewbase_worker USING (true) WITH CHECK (true);
CREATE POLICY worker_read ON push_subscriptions FOR SELECT TO crewbase_worker USING (true);
CREATE POLICY worker_delete ON push_subscriptions FOR DELETE TO crewbase_worker USING (true);
CREATE POLICY worker_delete ON notifications FOR DELETE TO crewbase_worker USING (true);
CREATE POLICY worker_read ON notifications FOR SELECT TO crewbase_worker USING (true);
GRANT SELECT, INSERT, UPDATE, DELETE ON push_deliveries TO crewbase_worker;
GRANT SELECT, DELETE ON push_subscriptions, notifications TO crewbase_worker;

-- One notification of `p_kind` for `p_user`, by the preferences: a feed row (in_app) and a push
-- delivery per subscription (push). Nobody is told of their own change. Runs in the caller's
-- transaction and under its row-level security.
CREATE FUNCTION crewbase_notify(p_company text, p_user text, p_actor text, p_kind text, p_entity text,
  p_entity_id text, p_data jsonb) RETURNS void LANGUAGE sql AS $$
  WITH pref AS (
    SELECT coalesce(bool_and(in_app), true) AS in_app, coalesce(bool_and(push), true) AS push
    FROM notification_preferences
    WHERE company_id = p_company AND user_id = p_user AND kind = p_kind
  ), target AS (
    -- Rounded as the column rounds, so the pushed createdAt is the feed's.
    SELECT crewbase_object_id() AS id, now()::timestamptz(3) AS at FROM pref
    WHERE p_user IS NOT NULL AND p_user IS DISTINCT FROM p_actor
  ), note AS (
    INSERT INTO notifications (company_id, id, user_id, kind, entity, entity_id, actor_id, data, created_at)
    SELECT p_company, t.id, p_user, p_kind, p_entity, p_entity_id, p_actor, p_data, t.at
    FROM target t, pref WHERE pref.in_app
  )
  INSERT INTO push_deliveries (company_id, id, subscription_id, payload)
  SELECT p_company, crewbase_object_id(), s.id, jsonb_build_object('id', t.id, 'kind', p_kind, 'entity', p_entity,
    'entityId', p_entity_id, 'data', p_data,
    'createdAt', to_char(t.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM target t, pref, push_subscriptions s
  WHERE pref.push AND s.company_id = p_company AND s.user_id = p_user
$$;

CREATE FUNCTION crewbase_iso(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Jobs. Generated jobs (occurrence_key set) notify nobody until a person changes them (is_manual):
-- planning writes thousands of them in one statement, and the WHEN clauses below keep those rows
-- from even queueing a trigger call.
CREATE FUNCTION crewbase_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  data jsonb := jsonb_build_object('number', NEW.number, 'from', crewbase_iso(NEW.from_at),
    'to', crewbase_iso(NEW.to_at), 'objectId', NEW.object_id);
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM crewbase_notify(NEW.company_id, NEW.user_id, NEW.created_by,
      CASE WHEN NEW.master_job_id IS NOT NULL THEN 'replacementOffered' ELSE 'jobAssigned' END,
      'job', NEW.id, data);
  ELSIF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM crewbase_notify(NEW.company_id, OLD.user_id, NEW.modified_by, 'jobUnassigned', 'job', NEW.id, data);
    IF NEW.state <> 'cancelled' THEN
      PERFORM crewbase_notify(NEW.company_id, NEW.user_id, NEW.modified_by, 'jobAssigned', 'job', NEW.id, data);
    END IF;
  ELSIF NEW.state = 'cancelled' THEN
    IF OLD.state IS DISTINCT FROM 'cancelled' THEN
      PERFORM crewbase_notify(NEW.company_id, NEW.user_id, NEW.modified_by, 'jobCancelled', 'job', NEW.id, data);
    END IF;
  ELSIF OLD.from_at <> NEW.from_at OR OLD.to_at <> NEW.to_at THEN
    PERFORM crewbase_notify(NEW.company_id, NEW.user_id, NEW.modified_by, 'jobMoved', 'job', NEW.id, data);
  END IF;
  RETURN NULL;
END $$;
-- The second half of a split job is not news: its user hears of the first half's new end (jobMoved).
CREATE TRIGGER jobs_notify_insert AFTER INSERT ON jobs FOR EACH ROW
  WHEN (NEW.user_id IS NOT NULL AND NEW.occurrence_key IS NULL AND NEW.state <> 'cancelled' AND NEW.split_id IS NULL)
  EXECUTE FUNCTION crewbase_notify_job();
CREATE TRIGGER jobs_notify_update AFTER UPDATE ON jobs FOR EACH ROW
  WHEN ((NEW.is_manual OR NEW.occurrence_key IS NULL)
    AND (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.state IS DISTINCT FROM NEW.state
      OR OLD.from_at <> NEW.from_at OR OLD.to_at <> NEW.to_at))
  EXECUTE FUNCTION crewbase_notify_job();

-- Absences: approved or declined (from open), told to the absent user.
CREATE FUNCTION crewbase_notify_absence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM crewbase_notify(NEW.company_id, NEW.user_id, NEW.modified_by,
    CASE WHEN NEW.state = 'approved' THEN 'absenceApproved' ELSE 'absenceDeclined' END, 'absence', NEW.id,
    jsonb_build_object('number', NEW.number, 'dtStart', NEW.doc->'dtStart', 'dtEnd', NEW.doc->'dtEnd', 'type', NEW.type));
  RETURN NULL;
END $$;
CREATE TRIGGER absences_notify AFTER UPDATE ON absences FOR EACH ROW
  WHEN (OLD.state = 'open' AND NEW.state IN ('approved', 'declined'))
  EXECUTE FUNCTION crewbase_notify_absence();

-- Tasks: a new assignee (on create or change) is told.
CREATE FUNCTION crewbase_notify_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM crewbase_notify(NEW.company_id, NEW.assignee_id,
    CASE WHEN TG_OP = 'INSERT' THEN NEW.created_by ELSE NEW.modified_by END, 'taskAssigned', 'task', NEW.id,
    jsonb_build_object('number', NEW.number, 'title', left(NEW.doc->>'title', 200), 'dueAt', crewbase_iso(NEW.due_at)));
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_notify_insert AFTER INSERT ON tasks FOR EACH ROW
  WHEN (NEW.assignee_id IS NOT NULL)
  EXECUTE FUNCTION crewbase_notify_task();
CREATE TRIGGER tasks_notify_update AFTER UPDATE ON tasks FOR EACH ROW
  WHEN (NEW.assignee_id IS NOT NULL AND OLD.assignee_id IS DISTINCT FROM NEW.assignee_id)
  EXECUTE FUNCTION crewbase_notify_task();

-- Employees read and manage their own notifications and push subscriptions.
UPDATE access_groups SET doc = jsonb_set(doc, '{permissions,notifications}', '{"read":"own","write":"own"}')
  WHERE doc->>'name' = 'employee' AND NOT (doc->'permissions' ? 'notifications');
