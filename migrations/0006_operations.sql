-- Day-to-day operations: contacts, equipment, suppliers, service products, task types, tasks and
-- their recurring templates, complaints, documents, material orders, quality controls, and the
-- messages of entity chats.

-- Every resource table gets an index on its chat id from now on (the chat's record is found by it).
CREATE OR REPLACE FUNCTION crewbase_resource_table(name text) RETURNS void LANGUAGE plpgsql AS $$
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
  EXECUTE format('CREATE INDEX %I ON %I (company_id, chat_id)', name || '_chat_idx', name);
  PERFORM crewbase_tenant_table(name::regclass);
END $$;

SELECT crewbase_resource_table('contacts');
SELECT crewbase_resource_table('equipment_types');
SELECT crewbase_resource_table('equipment');
SELECT crewbase_resource_table('suppliers');
SELECT crewbase_resource_table('service_products');
SELECT crewbase_resource_table('task_types');

SELECT crewbase_resource_table('tasks');
ALTER TABLE tasks
  ADD COLUMN task_status  text NOT NULL DEFAULT 'new',
  ADD COLUMN task_type_id text,
  ADD COLUMN assignee_id  text,
  ADD COLUMN due_at       timestamptz,
  ADD COLUMN complaint_id text,
  -- A task created by a recurring template: the template and the occurrence's local date.
  ADD COLUMN template_id  text,
  ADD COLUMN occurrence   text;
CREATE INDEX tasks_status_idx ON tasks (company_id, task_status);
CREATE INDEX tasks_assignee_idx ON tasks (company_id, assignee_id);
CREATE UNIQUE INDEX tasks_occurrence_key ON tasks (company_id, template_id, occurrence) WHERE template_id IS NOT NULL;

SELECT crewbase_resource_table('task_templates');

SELECT crewbase_resource_table('complaints');
ALTER TABLE complaints ADD COLUMN object_id text, ADD COLUMN task_id text, ADD COLUMN state text NOT NULL DEFAULT 'open';
CREATE INDEX complaints_task_idx ON complaints (company_id, task_id);

SELECT crewbase_resource_table('documents');
ALTER TABLE documents
  ADD COLUMN object_id    text,
  ADD COLUMN user_id      text,
  ADD COLUMN job_id       text,
  ADD COLUMN customer_id  text,
  ADD COLUMN storage_key  text NOT NULL,
  ADD COLUMN size_bytes   bigint NOT NULL,
  ADD COLUMN content_type text NOT NULL;
CREATE INDEX documents_object_idx ON documents (company_id, object_id) WHERE object_id IS NOT NULL;
CREATE INDEX documents_user_idx ON documents (company_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX documents_job_idx ON documents (company_id, job_id) WHERE job_id IS NOT NULL;
CREATE INDEX documents_customer_idx ON documents (company_id, customer_id) WHERE customer_id IS NOT NULL;

SELECT crewbase_resource_table('material_orders');
ALTER TABLE material_orders ADD COLUMN user_id text, ADD COLUMN object_id text, ADD COLUMN completed boolean NOT NULL DEFAULT false,
  ADD COLUMN approved boolean NOT NULL DEFAULT false;

SELECT crewbase_resource_table('quality_controls');
ALTER TABLE quality_controls ADD COLUMN object_id text, ADD COLUMN rating numeric, ADD COLUMN controlled_at timestamptz;
CREATE INDEX quality_controls_object_idx ON quality_controls (company_id, object_id, controlled_at);

-- Entity chats: a record's chatId names its chat; messages are visible to whoever can see the record.
CREATE TABLE chat_messages (
  company_id   text        NOT NULL,
  chat_id      text        NOT NULL,
  id           text        NOT NULL,
  author_id    text        NOT NULL,
  text         text        NOT NULL,
  document_ids text[]      NOT NULL DEFAULT '{}',
  created_at   timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
SELECT crewbase_tenant_table('chat_messages');
CREATE INDEX chat_messages_chat_idx ON chat_messages (company_id, chat_id, created_at, id);

-- The tables created before: the same index.
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'chat_id'
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public' WHERE c.relkind = 'r' AND c.relname <> 'chat_messages'
  LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (company_id, chat_id)', t || '_chat_idx', t);
  END LOOP;
END $$;

-- Employees see the tasks, orders and chats of their work.
UPDATE access_groups SET doc = jsonb_set(jsonb_set(jsonb_set(doc,
    '{permissions,tasks}', '{"read":"own","write":"own"}'),
    '{permissions,materialOrders}', '{"read":"own","write":"own"}'),
    '{permissions,documents}', '{"read":"own","write":"own"}')
  WHERE doc->>'name' = 'employee' AND NOT (doc->'permissions' ? 'tasks');

-- The worker keeps every active template's tasks generated ahead, across companies.
CREATE POLICY worker_read ON task_templates FOR SELECT TO crewbase_worker USING (true);
GRANT SELECT ON task_templates TO crewbase_worker;
