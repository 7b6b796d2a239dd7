-- Invoicing: invoices, offers, credits and cancellations (one table each, the same shape),
-- payments and payment methods, and the gapless number sequences of issued documents.

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoices', 'offers', 'credits', 'invoice_stornos'] LOOP
    PERFORM crewbase_resource_table(t);
    EXECUTE format('ALTER TABLE %I
      ADD COLUMN customer_id     text,
      ADD COLUMN object_id       text,
      ADD COLUMN state           text NOT NULL DEFAULT ''draft'',
      ADD COLUMN document_number text,
      ADD COLUMN document_date   date,
      ADD COLUMN due_date        date,
      ADD COLUMN gross_cents     bigint NOT NULL DEFAULT 0,
      ADD COLUMN paid_cents      bigint NOT NULL DEFAULT 0', t);
    EXECUTE format('CREATE INDEX %I ON %I (company_id, customer_id, document_date)', t || '_customer_idx', t);
    EXECUTE format('CREATE UNIQUE INDEX %I ON %I (company_id, document_number) WHERE document_number IS NOT NULL', t || '_number_key', t);
  END LOOP;
END $$;

SELECT crewbase_resource_table('payments');
ALTER TABLE payments ADD COLUMN invoice_id text, ADD COLUMN amount_cents bigint NOT NULL DEFAULT 0;
CREATE INDEX payments_invoice_idx ON payments (company_id, invoice_id);
SELECT crewbase_resource_table('payment_methods');

-- Issued documents are numbered without gaps: the row of a (kind, period) is locked from the
-- increment to the commit, and a rolled-back issue rolls its increment back too.
CREATE TABLE document_sequences (
  company_id text   NOT NULL,
  kind       text   NOT NULL,
  period     text   NOT NULL,
  value      bigint NOT NULL,
  PRIMARY KEY (company_id, kind, period)
);
SELECT crewbase_tenant_table('document_sequences');

-- Dunning: reminder templates per level, and the reminders a run creates for overdue invoices.
SELECT crewbase_resource_table('reminder_templates');
SELECT crewbase_resource_table('reminders');
ALTER TABLE reminders ADD COLUMN invoice_id text;
CREATE INDEX reminders_invoice_idx ON reminders (company_id, invoice_id);

-- Service reports: the jobs done at an object in a period, signed by the customer through a link.
SELECT crewbase_resource_table('service_reports');
ALTER TABLE service_reports ADD COLUMN object_id text;

-- Links for people without an account (a customer signing a service report): the token is stored
-- as its SHA-256, works once and expires. Found before the company is known, as credentials are.
CREATE TABLE client_links (
  company_id  text        NOT NULL,
  token_hash  text        NOT NULL UNIQUE,
  resource    text        NOT NULL,
  record_id   text        NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, token_hash)
);
SELECT crewbase_tenant_table('client_links');
SELECT crewbase_auth_lookup('client_links');

-- Invoice templates: texts a document starts from.
SELECT crewbase_resource_table('invoice_templates');

-- Banking transactions imported from statements (CAMT.053 or CSV), matched to open invoices.
SELECT crewbase_resource_table('banking_transactions');
ALTER TABLE banking_transactions ADD COLUMN fingerprint text NOT NULL;
CREATE UNIQUE INDEX banking_transactions_fingerprint_key ON banking_transactions (company_id, fingerprint);
