-- SMS only to verified numbers (docs/decisions.md, SMS and sign-up abuse). A row holds the code last
-- sent to a user's number (hashed, expiring, with its tries) and, once the code came back, when that
-- number was verified. The row names the number it is about, so a user whose number changed is
-- unverified again without anything having to clear it.
CREATE TABLE sms_verifications (
  company_id  text        NOT NULL,
  user_id     text        NOT NULL,
  number      text        NOT NULL,
  code_hash   text,
  expires_at  timestamptz,
  tries       integer     NOT NULL DEFAULT 0,
  verified_at timestamptz,
  PRIMARY KEY (company_id, user_id)
);
SELECT crewbase_tenant_table('sms_verifications');

-- Sign-up proofs already used (a solved challenge's nonce, an invitation's id), written in the new
-- company's transaction. A global table, not a tenant one: a proof is checked before any company exists
-- and is single-use server-wide, so its key is the proof alone (a tenant table's keys start with
-- company_id, and row-level security would hide another company's use of the same proof). It holds no
-- company's data: only the proof's id and until when it is kept.
CREATE TABLE used_signup_proofs (
  id         text        NOT NULL PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
GRANT SELECT, INSERT, DELETE ON used_signup_proofs TO crewbase_app;
