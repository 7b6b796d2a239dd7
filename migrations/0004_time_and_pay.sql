-- Time tracking and pay: time-tracking entries, the salaries computed from approved entries,
-- the company's surcharge rules and pay types.

SELECT crewbase_resource_table('time_trackings');
ALTER TABLE time_trackings
  ADD COLUMN user_id           text,
  ADD COLUMN job_id            text,
  ADD COLUMN object_id         text,
  ADD COLUMN time_start        timestamptz NOT NULL,
  ADD COLUMN time_end          timestamptz,
  ADD COLUMN tracking_job_date timestamptz,
  ADD COLUMN approved          boolean NOT NULL DEFAULT false,
  ADD COLUMN cancelled         boolean NOT NULL DEFAULT false,
  ADD COLUMN has_errors        boolean NOT NULL DEFAULT false,
  -- The phone's id of an entry recorded offline: a second upload of it is the same entry.
  ADD COLUMN client_id         text,
  -- When an entry still open counts as missing its stop (the job's end plus the grace period).
  ADD COLUMN missing_stop_at   timestamptz;
CREATE INDEX time_trackings_job_idx ON time_trackings (company_id, job_id);
CREATE INDEX time_trackings_user_start_idx ON time_trackings (company_id, user_id, time_start);
CREATE INDEX time_trackings_start_idx ON time_trackings (company_id, time_start);
CREATE UNIQUE INDEX time_trackings_client_key ON time_trackings (company_id, user_id, client_id) WHERE client_id IS NOT NULL;
-- At most one open entry per user and job: a second clock-in is refused by the database too.
CREATE UNIQUE INDEX time_trackings_open_key ON time_trackings (company_id, job_id, user_id) WHERE time_end IS NULL AND NOT cancelled AND job_id IS NOT NULL;
CREATE INDEX time_trackings_missing_stop_idx ON time_trackings (missing_stop_at) WHERE time_end IS NULL AND NOT cancelled;

-- The worker flags open entries whose stop is overdue, across companies.
CREATE POLICY worker_missing_stop ON time_trackings TO crewbase_worker USING (true) WITH CHECK (true);
GRANT SELECT, UPDATE ON time_trackings TO crewbase_worker;

SELECT crewbase_resource_table('salaries');
ALTER TABLE salaries
  ADD COLUMN user_id           text,
  ADD COLUMN time_tracking_id  text,
  ADD COLUMN object_id         text,
  ADD COLUMN job_id            text,
  ADD COLUMN activity_type_id  text,
  ADD COLUMN from_at           timestamptz,
  ADD COLUMN tracking_job_date timestamptz,
  ADD COLUMN billed            boolean NOT NULL DEFAULT false,
  ADD COLUMN salary_cents      bigint;
CREATE INDEX salaries_job_idx ON salaries (company_id, job_id);
CREATE INDEX salaries_user_from_idx ON salaries (company_id, user_id, from_at);
CREATE INDEX salaries_from_idx ON salaries (company_id, from_at);
CREATE UNIQUE INDEX salaries_time_tracking_key ON salaries (company_id, time_tracking_id) WHERE time_tracking_id IS NOT NULL;

SELECT crewbase_resource_table('surcharges');
SELECT crewbase_resource_table('pay_types');

-- Companies created before these areas existed: employees clock their own time and see their own pay.
UPDATE access_groups SET doc = jsonb_set(jsonb_set(jsonb_set(doc,
    '{permissions,timeTracking}', '{"read":"own","write":"own"}'),
    '{permissions,salaries}', '{"read":"own","write":"none"}'),
    '{permissions,holidays}', '{"read":"all","write":"none"}')
  WHERE doc->>'name' = 'employee' AND NOT (doc->'permissions' ? 'timeTracking');
