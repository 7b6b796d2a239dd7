-- Files attached to outgoing mail (documents sent to customers) and the reply address of a mail.
-- The attachments are stored with the mail in the transaction that queues it, so a retry sends
-- exactly what was queued, and a sent invoice stays on record as it went out. A table of their
-- own rather than a column of outgoing_mails: a mail may carry several files (a reminder with its
-- invoice), bytea keeps them at their size (base64 in jsonb would add a third), and the worker's
-- scan of due mail never reads them; they are read one mail at a time, when it is sent.
CREATE TABLE outgoing_mail_attachments (
  company_id   text    NOT NULL,
  mail_id      text    NOT NULL,
  position     integer NOT NULL,
  filename     text    NOT NULL,
  content_type text    NOT NULL,
  content      bytea   NOT NULL,
  PRIMARY KEY (company_id, mail_id, position),
  FOREIGN KEY (company_id, mail_id) REFERENCES outgoing_mails (company_id, id) ON DELETE CASCADE
);
SELECT crewbase_tenant_table('outgoing_mail_attachments');
-- The worker sends the mail of every company; it only reads the attachments.
CREATE POLICY worker_mail ON outgoing_mail_attachments FOR SELECT TO crewbase_worker USING (true);
GRANT SELECT ON outgoing_mail_attachments TO crewbase_worker;

-- Replies to a document go to the company (its invoicing e-mail), not to the sending address.
ALTER TABLE outgoing_mails ADD COLUMN reply_to text;
