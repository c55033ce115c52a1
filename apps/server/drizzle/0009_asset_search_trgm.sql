-- The inventory search (ilike '%text%' over host, ip, title and cname) uses a trigram index where
-- pg_trgm is available (PostgreSQL with contrib). Where it is not (embedded PGlite without the
-- extension) the search still works, by scanning: both steps are skipped quietly.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available; the asset search index is skipped';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS assets_search_trgm_idx ON assets USING gin (
      (host || ' ' || ip || ' ' || coalesce(title, '') || ' ' || coalesce(cname, '')) gin_trgm_ops
    );
  END IF;
END
$$;
