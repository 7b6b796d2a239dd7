-- Foundation: roles, row-level security helpers, tenancy, identity and master data.
-- Request queries run as crewbase_app (SET LOCAL ROLE), which sees only the rows of the company
-- named in app.company_id. crewbase_auth may only read the few columns needed to resolve
-- credentials (login, API key, refresh token) to a company before the tenant is known.

DO $$ BEGIN CREATE ROLE crewbase_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
DO $$ BEGIN CREATE ROLE crewbase_auth NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
GRANT USAGE ON SCHEMA public TO crewbase_app, crewbase_auth;
-- The server's own role must be able to SET ROLE to both (implicit for a superuser).
DO $$ BEGIN EXECUTE format('GRANT crewbase_app, crewbase_auth TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL; END $$;

-- Enables and forces RLS on a table with a company_id column and lets crewbase_app use it.
CREATE FUNCTION crewbase_tenant_table(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format($p$CREATE POLICY tenant_isolation ON %s TO crewbase_app
    USING (company_id = current_setting('app.company_id', true))
    WITH CHECK (company_id = current_setting('app.company_id', true))$p$, tbl);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO crewbase_app', tbl);
END $$;

-- Lets crewbase_auth read a table (credential look-ups only).
CREATE FUNCTION crewbase_auth_lookup(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE POLICY auth_lookup ON %s FOR SELECT TO crewbase_auth USING (true)', tbl);
  EXECUTE format('GRANT SELECT ON %s TO crewbase_auth', tbl);
END $$;

-- The table shape shared by every resource of the generic engine. Timestamps keep milliseconds,
-- as the API shows them, so a bound equal to a shown time matches the record.
CREATE FUNCTION crewbase_resource_table(name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($t$CREATE TABLE %I (
    company_id  text        NOT NULL,
    id          text        NOT NULL,
    number      bigint      NOT NULL,
    doc         jsonb       NOT NULL DEFAULT '{}'::jsonb,
    status_code integer     NOT NULL DEFAULT 1,
    created_at  timestamptz(3) NOT NULL DEFAULT now(),
    created_by  text,
    modified_at timestamptz(3) NOT NULL DEFAULT now(),
    modified_by text,
    chat_id     text,
    PRIMARY KEY (company_id, id),
    UNIQUE (company_id, number)
  )$t$, name);
  EXECUTE format('CREATE INDEX %I ON %I (company_id, created_at, id)', name || '_created_idx', name);
  PERFORM crewbase_tenant_table(name::regclass);
END $$;

CREATE TABLE companies (
  company_id text PRIMARY KEY,
  name       text NOT NULL,
  settings   jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
SELECT crewbase_tenant_table('companies');

-- Per-company counters for record numbers (one row per resource).
CREATE TABLE counters (
  company_id text   NOT NULL,
  name       text   NOT NULL,
  value      bigint NOT NULL,
  PRIMARY KEY (company_id, name)
);
SELECT crewbase_tenant_table('counters');

-- Audit trail of deletions: who deleted what, when, and the record as it was.
CREATE TABLE deleted_records (
  company_id text        NOT NULL,
  resource   text        NOT NULL,
  id         text        NOT NULL,
  number     bigint,
  doc        jsonb       NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  deleted_by text,
  PRIMARY KEY (company_id, resource, id)
);
SELECT crewbase_tenant_table('deleted_records');

SELECT crewbase_resource_table('access_groups');
SELECT crewbase_resource_table('users');
-- Credentials live in columns, never in the API document.
ALTER TABLE users
  ADD COLUMN login          text,
  ADD COLUMN login_email    text,
  ADD COLUMN telephone      text,
  ADD COLUMN password_hash  text,
  ADD COLUMN access_group_id text,
  ADD COLUMN login_tries    integer NOT NULL DEFAULT 0,
  ADD COLUMN locked_until   timestamptz;
-- Log-in names are global: a user logs in without naming a company.
CREATE UNIQUE INDEX users_login_key ON users (login) WHERE login IS NOT NULL;
CREATE UNIQUE INDEX users_login_email_key ON users (login_email) WHERE login_email IS NOT NULL;
CREATE INDEX users_telephone_idx ON users (telephone) WHERE telephone IS NOT NULL;
SELECT crewbase_auth_lookup('users');

CREATE TABLE api_keys (
  company_id   text        NOT NULL,
  id           text        NOT NULL,
  name         text        NOT NULL,
  prefix       text        NOT NULL,
  key_hash     text        NOT NULL,
  scopes       text[]      NOT NULL,
  expires_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   text,
  last_used_at timestamptz,
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX api_keys_hash_key ON api_keys (key_hash);
SELECT crewbase_tenant_table('api_keys');
SELECT crewbase_auth_lookup('api_keys');

CREATE TABLE refresh_tokens (
  company_id text        NOT NULL,
  id         text        NOT NULL,
  user_id    text        NOT NULL,
  family_id  text        NOT NULL,
  token_hash text        NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (company_id, user_id);
SELECT crewbase_tenant_table('refresh_tokens');
SELECT crewbase_auth_lookup('refresh_tokens');

CREATE TABLE auth_codes (
  company_id text        NOT NULL,
  id         text        NOT NULL,
  user_id    text        NOT NULL,
  code_hash  text        NOT NULL,
  expires_at timestamptz NOT NULL,
  tries      integer     NOT NULL DEFAULT 0,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE INDEX auth_codes_user_idx ON auth_codes (company_id, user_id, created_at);
SELECT crewbase_tenant_table('auth_codes');

CREATE TABLE idempotency_keys (
  company_id      text        NOT NULL,
  principal       text        NOT NULL,
  key             text        NOT NULL,
  request_hash    text        NOT NULL,
  response_status integer,
  response_body   text,
  response_type   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, principal, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
SELECT crewbase_tenant_table('idempotency_keys');

SELECT crewbase_resource_table('customers');
SELECT crewbase_resource_table('objects');
SELECT crewbase_resource_table('activity_types');
SELECT crewbase_resource_table('tax_rates');
SELECT crewbase_resource_table('payment_terms');
SELECT crewbase_resource_table('articles');
CREATE INDEX objects_customer_idx ON objects (company_id, (doc->>'customerId'));
