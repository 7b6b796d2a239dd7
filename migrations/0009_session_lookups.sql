-- Every authenticated request checks that its log-in session (refresh-token family) is still open;
-- this index makes that a single index probe.
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (company_id, family_id) WHERE revoked_at IS NULL;
