-- Ids made in SQL (events, webhook and push deliveries, notifications) in order of making: seconds since 1970
-- (8 hex characters) and a counter (16), instead of 16 random characters. A random id lands anywhere in its
-- company's range of the primary key, so each event descended the index to a different leaf; ids in order go
-- where the last one went. The counter is shared by all companies, as an ObjectId's counter is by all of a
-- process's records; CACHE hands each connection a block, so connections do not wait for each other.
CREATE SEQUENCE crewbase_object_id_seq CACHE 64;
GRANT USAGE ON SEQUENCE crewbase_object_id_seq TO crewbase_app, crewbase_auth, crewbase_worker;

CREATE OR REPLACE FUNCTION crewbase_object_id() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
    || lpad(to_hex(nextval('crewbase_object_id_seq')), 16, '0')
$$;
