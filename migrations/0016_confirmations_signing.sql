-- Assignment confirmations (Auftragsbestätigungen): a billing document like an offer, with the
-- columns the other billing documents have (0007), so the shared declaration stores it the same way.
-- Signing offers and confirmations uses client_links (0007) as service reports do: no new table.
SELECT crewbase_resource_table('assignment_confirmations');
ALTER TABLE assignment_confirmations
  ADD COLUMN customer_id     text,
  ADD COLUMN object_id       text,
  ADD COLUMN state           text NOT NULL DEFAULT 'draft',
  ADD COLUMN document_number text,
  ADD COLUMN document_date   date,
  ADD COLUMN due_date        date,
  ADD COLUMN gross_cents     bigint NOT NULL DEFAULT 0;
CREATE INDEX assignment_confirmations_customer_idx
  ON assignment_confirmations (company_id, customer_id, document_date);
CREATE UNIQUE INDEX assignment_confirmations_number_key
  ON assignment_confirmations (company_id, document_number) WHERE document_number IS NOT NULL;
