-- Imports run in slices of short transactions (so one company's import does not hold the embedded
-- database's only connection): the phase and the rows written are stored as they go, the rows
-- written in the same transaction as the rows themselves. The process running an import holds a
-- lease on it (runner, heartbeat_at renewed as it goes), so an import whose process died is marked
-- failed instead of staying running.
ALTER TABLE imports
  ADD COLUMN phase            text    NOT NULL DEFAULT 'checking' CHECK (phase IN ('checking', 'writing')),
  ADD COLUMN written_rows     integer NOT NULL DEFAULT 0,
  ADD COLUMN last_written_row integer,
  ADD COLUMN runner           text,
  ADD COLUMN heartbeat_at     timestamptz;
-- Imports from before: a real run that was done was written.
UPDATE imports SET phase = 'writing' WHERE state = 'done' AND NOT dry_run;
CREATE INDEX imports_running ON imports (heartbeat_at) WHERE state = 'running';

-- The start-up sweep fails the running imports of every company whose runner is gone (the row it
-- writes is no longer running, so the policy cannot be narrowed to running ones).
CREATE POLICY worker_interrupted ON imports TO crewbase_worker USING (true) WITH CHECK (true);
GRANT SELECT, UPDATE ON imports TO crewbase_worker;
