-- Scheduling: assignments (recurring work), the jobs generated from them, job templates.

-- The common entity fields as the API shows them, for read models that build JSON in SQL.
CREATE FUNCTION crewbase_entity_json(company_id text, id text, number bigint, status_code integer,
  created_at timestamptz, created_by text, modified_at timestamptz, modified_by text, chat_id text)
RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    '_id', id, 'number', number, 'companyId', company_id, 'chatId', chat_id,
    'status', jsonb_build_object(
      'status', status_code,
      'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'createdBy', created_by,
      'lastModifiedAt', to_char(modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'lastModifiedBy', modified_by)))
$$;

SELECT crewbase_resource_table('assignments');
ALTER TABLE assignments ADD COLUMN object_id text;
CREATE INDEX assignments_object_idx ON assignments (company_id, object_id);

SELECT crewbase_resource_table('job_templates');

SELECT crewbase_resource_table('jobs');
ALTER TABLE jobs
  ADD COLUMN assignment_id    text,
  ADD COLUMN object_id        text,
  ADD COLUMN user_id          text,
  ADD COLUMN from_at          timestamptz NOT NULL,
  ADD COLUMN to_at            timestamptz NOT NULL,
  ADD COLUMN team_id          text,
  ADD COLUMN absence_id       text,
  ADD COLUMN master_job_id    text,
  ADD COLUMN original_id      text,
  ADD COLUMN split_id         text,
  ADD COLUMN job_template_id  text,
  ADD COLUMN accepted_status  text,
  ADD COLUMN activity_type_id text,
  ADD COLUMN state            text NOT NULL DEFAULT 'open',
  ADD COLUMN started_at       timestamptz,
  -- Identity of a generated job: its assignment, the occurrence's local date (days since 1970-01-01)
  -- and the planned user ('-' for none).
  ADD COLUMN occurrence_key   bigint,
  ADD COLUMN slot             text,
  -- Set when a person changed the job (moved, re-assigned, split, accepted): re-planning keeps it.
  ADD COLUMN is_manual        boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX jobs_occurrence_key ON jobs (company_id, assignment_id, occurrence_key, slot) WHERE occurrence_key IS NOT NULL;
CREATE INDEX jobs_from_idx ON jobs (company_id, from_at);
CREATE INDEX jobs_user_from_idx ON jobs (company_id, user_id, from_at);
CREATE INDEX jobs_object_from_idx ON jobs (company_id, object_id, from_at);
-- Look-ups by assignment use the occurrence key's prefix; jobs are not listed by creation time.
DROP INDEX jobs_created_idx;
CREATE INDEX jobs_team_idx ON jobs (company_id, team_id) WHERE team_id IS NOT NULL;

-- The window [from_at, until_at) in which every assignment of the company has its jobs.
CREATE TABLE job_horizons (
  company_id text PRIMARY KEY,
  from_at    timestamptz NOT NULL,
  until_at   timestamptz NOT NULL
);
SELECT crewbase_tenant_table('job_horizons');
