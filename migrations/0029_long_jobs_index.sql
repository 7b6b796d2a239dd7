-- The jobs longer than 12 hours, by company and start: few, since a shift of the trade lasts hours. A time frame
-- (POST /jobs/jobsInTimeFrame) reads the other jobs from 12 hours before its start instead of 7 days (a job's
-- longest), and the long ones overlapping it from here (job-overlap.ts, LONG_JOB_MS). A company's day of
-- 373 jobs read 2,824 jobs' rows for them before (3,954 buffers), and 559 after (1,685 buffers). The predicate's
-- text is the one the read writes, so that PostgreSQL proves the read may use this index.
CREATE INDEX jobs_long_from_idx ON jobs (company_id, from_at) WHERE to_at - from_at > interval '12 hours';
