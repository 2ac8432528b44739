-- Memoize caches a parameterized inner scan, sizing its hash table from the estimated rows; each
-- rescan of the outer side frees and rebuilds it. In this OLTP pool's page-sized statements that
-- cost more than it saved: a readers' batch of the feed (one LATERAL per reader) spent 0.7 ms a
-- reader in it for 0.04 ms of scans, the long thread's reply page 0.76 ms against 0.06 ms without
-- (issue 33, docs/performance.md). A role that may not alter the database keeps it and says so.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET enable_memoize = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'enable_memoize left on: this role may not ALTER DATABASE %; set enable_memoize = off for it', current_database();
END $$;
