-- An Idempotency-Key in progress is leased: its request renews the lease while it runs, and a retry
-- after the lease has run out (the process died) takes the key over. A row written without a lease
-- (before this migration) counts as expired at once.
ALTER TABLE idempotency_keys ADD COLUMN lease_until timestamptz NOT NULL DEFAULT now();
-- Which attempt holds the key: an attempt that lost it to a retry neither renews nor stores.
ALTER TABLE idempotency_keys ADD COLUMN lease_owner text;
