-- The common entity fields as the API shows them: every field present, null when unset (createdBy
-- and lastModifiedBy of records the system wrote, chatId), as the engine's answers have them.
CREATE OR REPLACE FUNCTION crewbase_entity_json(company_id text, id text, number bigint, status_code integer,
  created_at timestamptz, created_by text, modified_at timestamptz, modified_by text, chat_id text)
RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
    '_id', id, 'number', number, 'companyId', company_id, 'chatId', chat_id,
    'status', jsonb_build_object(
      'status', status_code,
      'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'createdBy', created_by,
      'lastModifiedAt', to_char(modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'lastModifiedBy', modified_by))
$$;
