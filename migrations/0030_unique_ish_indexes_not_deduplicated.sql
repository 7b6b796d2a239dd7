-- A job's user and start, and its object and start, are nearly unique (in the scheduling benchmark's 510,190
-- jobs: 1 % and 0.4 % of keys repeat). B-tree deduplication only pays where keys repeat: on these two indexes
-- every full leaf page was first scanned for duplicates it did not have, then split anyway. Only page splits
-- from now on change; existing pages stay as they are.
ALTER INDEX jobs_user_from_idx SET (deduplicate_items = off);
ALTER INDEX jobs_object_from_idx SET (deduplicate_items = off);
