-- CSV imports (POST /v2/imports/{collection}): one row per upload, written when it is received and
-- again when it ends, so GET /v2/imports/{id} answers for every import, running or done. The rows
-- themselves go through the resource engine; this table holds only the run's state and report.
CREATE TABLE imports (
  company_id     text        NOT NULL,
  id             text        NOT NULL,
  collection     text        NOT NULL,
  state          text        NOT NULL CHECK (state IN ('running', 'done', 'failed')),
  dry_run        boolean     NOT NULL,
  file_name      text,
  total_rows     integer     NOT NULL DEFAULT 0,
  processed_rows integer     NOT NULL DEFAULT 0,
  created_count  integer     NOT NULL DEFAULT 0,
  updated_count  integer     NOT NULL DEFAULT 0,
  -- [{row, field, message}], at most the first 1000 problems
  errors         jsonb       NOT NULL DEFAULT '[]'::jsonb,
  error_count    integer     NOT NULL DEFAULT 0,
  created_by     text        NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  PRIMARY KEY (company_id, id)
);
SELECT crewbase_tenant_table('imports');
