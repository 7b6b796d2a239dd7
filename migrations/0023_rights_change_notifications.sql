-- A change of what a request's credentials resolve to is announced on the channel crewbase_rights, so that
-- every API process forgets what it cached of it at once (modules/auth/credentials.ts) instead of within
-- API_KEY_CACHE_SECONDS. Payload: the company id, then a space and the user id when one user's state changed.
-- NOTIFY is sent on commit and not at all on rollback; PostgreSQL folds equal payloads of one transaction.

-- A group's rights, or an API key's scopes, expiry or existence: the company's cached credentials.
CREATE FUNCTION crewbase_notify_company_rights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crewbase_rights', CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END);
  RETURN NULL;
END $$;

-- A user's group or existence.
CREATE FUNCTION crewbase_notify_user_rights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crewbase_rights', OLD.company_id || ' ' || OLD.id);
  RETURN NULL;
END $$;

-- A log-in session (refresh family) ended or its tokens removed: the user's cached sessions.
CREATE FUNCTION crewbase_notify_session_rights() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crewbase_rights', OLD.company_id || ' ' || OLD.user_id);
  RETURN NULL;
END $$;

CREATE TRIGGER access_groups_rights AFTER INSERT OR UPDATE OR DELETE ON access_groups
  FOR EACH ROW EXECUTE FUNCTION crewbase_notify_company_rights();

CREATE TRIGGER users_group_rights AFTER UPDATE OF access_group_id ON users
  FOR EACH ROW WHEN (OLD.access_group_id IS DISTINCT FROM NEW.access_group_id)
  EXECUTE FUNCTION crewbase_notify_user_rights();
CREATE TRIGGER users_deleted_rights AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION crewbase_notify_user_rights();

-- Not on INSERT (a rotation adds a token to an open family) nor on a use (used_at).
CREATE TRIGGER refresh_tokens_revoked_rights AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION crewbase_notify_session_rights();
CREATE TRIGGER refresh_tokens_deleted_rights AFTER DELETE ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION crewbase_notify_session_rights();

-- Not on INSERT (a new key was never cached) nor on its last use (last_used_at, written every minute).
CREATE TRIGGER api_keys_changed_rights AFTER UPDATE OF key_hash, scopes, expires_at, created_by ON api_keys
  FOR EACH ROW EXECUTE FUNCTION crewbase_notify_company_rights();
CREATE TRIGGER api_keys_deleted_rights AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION crewbase_notify_company_rights();
