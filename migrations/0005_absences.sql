-- Absences: requests, approval, affected jobs and replacements, paid absence time; and the
-- outgoing mail they cause (customers told of an absence).

SELECT crewbase_resource_table('absences');
ALTER TABLE absences
  ADD COLUMN user_id             text NOT NULL,
  ADD COLUMN dt_start            timestamptz NOT NULL,
  ADD COLUMN dt_end              timestamptz NOT NULL,
  ADD COLUMN state               text NOT NULL DEFAULT 'open',
  ADD COLUMN type                integer NOT NULL,
  ADD COLUMN pay_type_absence_id text;
CREATE INDEX absences_user_period_idx ON absences (company_id, user_id, dt_start);
CREATE INDEX absences_period_idx ON absences (company_id, dt_start);

-- A job affected by an absence is covered once it has a replacement job (masterJobId = its id).
ALTER TABLE jobs ADD COLUMN replacement_job_id text;
CREATE INDEX jobs_absence_idx ON jobs (company_id, absence_id) WHERE absence_id IS NOT NULL;
CREATE INDEX jobs_master_idx ON jobs (company_id, master_job_id) WHERE master_job_id IS NOT NULL;

-- Salaries of paid absence time carry their absence.
ALTER TABLE salaries ADD COLUMN absence_id text;
CREATE INDEX salaries_absence_idx ON salaries (company_id, absence_id) WHERE absence_id IS NOT NULL;

-- Mail written in the transaction that causes it, sent after the commit and retried by the worker.
CREATE TABLE outgoing_mails (
  company_id  text        NOT NULL,
  id          text        NOT NULL,
  recipient   text        NOT NULL,
  subject     text        NOT NULL,
  body        text        NOT NULL,
  -- What the mail is about, e.g. {"absenceId": …, "customerId": …}.
  about       jsonb       NOT NULL DEFAULT '{}'::jsonb,
  status      text        NOT NULL DEFAULT 'pending',
  attempts    integer     NOT NULL DEFAULT 0,
  last_error  text,
  next_at     timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
SELECT crewbase_tenant_table('outgoing_mails');
CREATE INDEX outgoing_mails_due_idx ON outgoing_mails (next_at) WHERE status = 'pending';
CREATE POLICY worker_mail ON outgoing_mails TO crewbase_worker USING (true) WITH CHECK (true);
GRANT SELECT, UPDATE ON outgoing_mails TO crewbase_worker;

-- Employees request and see their own absences.
UPDATE access_groups SET doc = jsonb_set(doc, '{permissions,absences}', '{"read":"own","write":"own"}')
  WHERE doc->>'name' = 'employee' AND NOT (doc->'permissions' ? 'absences');
