-- Assets: the images the system itself prints (the company's logo and letterhead band, each user's
-- signature), one current file per kind and user. Until now the logo lived in the settings document
-- (companies.settings.invoicingLogo, base64); it moves here so that signatures of many users do not
-- swell the row every settings read loads. Accounting needs no table: its settings are a section of
-- that document and the export only reads invoicing's tables.
CREATE TABLE company_assets (
  company_id   text        NOT NULL,
  kind         text        NOT NULL CHECK (kind IN ('logo', 'letterhead', 'signature')),
  -- The signer for a signature; '' for the company's own images (a key column cannot be NULL).
  user_id      text        NOT NULL DEFAULT '',
  content_type text        NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  content      bytea       NOT NULL,
  uploaded_at  timestamptz(3) NOT NULL DEFAULT now(),
  uploaded_by  text,
  PRIMARY KEY (company_id, kind, user_id),
  CHECK ((kind = 'signature') = (user_id <> ''))
);

-- The owner runs migrations; forced row-level security would hide every company's row from it.
ALTER TABLE companies NO FORCE ROW LEVEL SECURITY;
INSERT INTO company_assets (company_id, kind, content_type, content)
  SELECT company_id, 'logo', settings -> 'invoicingLogo' ->> 'contentType',
         decode(settings -> 'invoicingLogo' ->> 'base64', 'base64')
  FROM companies WHERE settings ? 'invoicingLogo';
UPDATE companies SET settings = settings - 'invoicingLogo' WHERE settings ? 'invoicingLogo';
ALTER TABLE companies FORCE ROW LEVEL SECURITY;

SELECT crewbase_tenant_table('company_assets');
