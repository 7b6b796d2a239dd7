-- A generated job's chat is named by the job's own id (chat_id = id), and the chat index of jobs holds only
-- the jobs whose chat id differs (made by hand, or before this): a chat whose record has no entry is found by
-- the record's primary key (chat-messages.ts). Generation wrote an index entry per job that only a chat's
-- first message would ever look up: 4.9 % of PostgreSQL's instructions per generated job (319,363 against
-- 303,756 without the index, bench:generation-instructions).
DROP INDEX jobs_chat_idx;
CREATE INDEX jobs_chat_idx ON jobs (company_id, chat_id) WHERE chat_id <> id;
