-- A job's user and object indexes are keyed by the user's or the object's id alone, without company_id in
-- front. Those ids are unique across companies, so a company's rows are the same entries as before (every
-- query also names the company, and row-level security holds it to it). Each comparison on the way down an
-- index with a text key in front reads the next key by walking the tuple from its start (no fixed offset
-- after a text), so a key less in front cuts what every generated job's two entries cost: 3.1 % of
-- PostgreSQL's instructions per generated job (bench:generation-instructions). Only unique keys must start with
-- company_id (test/architecture/tenant-keys.test.ts: a distributed database enforces them only so).
DROP INDEX jobs_user_from_idx;
CREATE INDEX jobs_user_from_idx ON jobs (user_id, from_at);
DROP INDEX jobs_object_from_idx;
CREATE INDEX jobs_object_from_idx ON jobs (object_id, from_at);
