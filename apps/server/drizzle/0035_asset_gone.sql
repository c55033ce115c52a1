-- A host:port a re-discovery no longer sees (issue 34, item 12): the row stays (its changelog,
-- findings and snapshots point at it) but is marked gone when the finishing discovery records it
-- as disappeared, and cleared when a later discovery sees it again. The live inventory leaves
-- gone assets out, so the counters its totals, group sizes and the home page read (0019, 0020,
-- 0021) count live assets only: each trigger below is its earlier self with "gone_at IS NULL"
-- deciding whether a row counts, and an update that marks or clears gone_at moves the row out of
-- or into its counters. Nothing is gone yet, so the counters need no recount.
ALTER TABLE "assets" ADD COLUMN "gone_at" timestamp with time zone;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'n', n)) INTO deltas
    FROM (SELECT group_id, workspace_id, count(*) AS n FROM new_rows WHERE gone_at IS NULL GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'n', -n)) INTO deltas
    FROM (SELECT group_id, workspace_id, count(*) AS n FROM old_rows WHERE gone_at IS NULL GROUP BY 1, 2) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('g', g, 'w', w, 'n', n)) INTO deltas FROM (
      SELECT g, w, sum(delta) AS n FROM (
        SELECT group_id AS g, workspace_id AS w, -1 AS delta FROM old_rows WHERE gone_at IS NULL
        UNION ALL SELECT group_id, workspace_id, 1 FROM new_rows WHERE gone_at IS NULL
      ) x GROUP BY 1, 2 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM asset_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_port_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'p', port, 'n', n)) INTO deltas
    FROM (SELECT group_id, workspace_id, port, count(*) AS n FROM new_rows WHERE port IS NOT NULL AND gone_at IS NULL GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'p', port, 'n', -n)) INTO deltas
    FROM (SELECT group_id, workspace_id, port, count(*) AS n FROM old_rows WHERE port IS NOT NULL AND gone_at IS NULL GROUP BY 1, 2, 3) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('g', g, 'w', w, 'p', p, 'n', n)) INTO deltas FROM (
      SELECT g, w, p, sum(delta) AS n FROM (
        SELECT o.group_id AS g, o.workspace_id AS w, o.port AS p, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE o.port IS NOT NULL AND o.gone_at IS NULL
            AND (o.group_id, o.workspace_id, o.port, o.gone_at IS NULL) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.port, nw.gone_at IS NULL)
        UNION ALL
        SELECT nw.group_id, nw.workspace_id, nw.port, 1
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE nw.port IS NOT NULL AND nw.gone_at IS NULL
            AND (o.group_id, o.workspace_id, o.port, o.gone_at IS NULL) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.port, nw.gone_at IS NULL)
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM asset_port_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_status_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 's', status, 'n', n)) INTO deltas
    FROM (SELECT group_id, workspace_id, status, count(*) AS n FROM new_rows WHERE gone_at IS NULL GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 's', status, 'n', -n)) INTO deltas
    FROM (SELECT group_id, workspace_id, status, count(*) AS n FROM old_rows WHERE gone_at IS NULL GROUP BY 1, 2, 3) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('g', g, 'w', w, 's', s, 'n', n)) INTO deltas FROM (
      SELECT g, w, s, sum(delta) AS n FROM (
        SELECT o.group_id AS g, o.workspace_id AS w, o.status AS s, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE o.gone_at IS NULL
            AND (o.group_id, o.workspace_id, o.status, o.gone_at IS NULL) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.status, nw.gone_at IS NULL)
        UNION ALL
        SELECT nw.group_id, nw.workspace_id, nw.status, 1
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE nw.gone_at IS NULL
            AND (o.group_id, o.workspace_id, o.status, o.gone_at IS NULL) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.status, nw.gone_at IS NULL)
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM asset_status_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION technology_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added jsonb; removed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('w', workspace_id, 'a', id, 't', technologies)) INTO added
    FROM new_rows WHERE technologies <> '[]'::jsonb AND gone_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('w', workspace_id, 'a', id, 't', technologies)) INTO removed
    FROM old_rows WHERE technologies <> '[]'::jsonb AND gone_at IS NULL;
  ELSE
    -- Discovery rewrites assets often; only a changed technologies list, workspace or
    -- gone-ness counts.
    SELECT jsonb_agg(jsonb_build_object('w', o.workspace_id, 'a', o.id, 't', o.technologies)) FILTER (WHERE o.gone_at IS NULL),
           jsonb_agg(jsonb_build_object('w', nw.workspace_id, 'a', nw.id, 't', nw.technologies)) FILTER (WHERE nw.gone_at IS NULL)
      INTO removed, added
    FROM old_rows o JOIN new_rows nw ON nw.id = o.id
    WHERE (o.workspace_id, o.technologies, o.gone_at IS NULL) IS DISTINCT FROM (nw.workspace_id, nw.technologies, nw.gone_at IS NULL);
  END IF;
  PERFORM technology_counters_apply(coalesce(added, '[]'), coalesce(removed, '[]'));
  RETURN NULL;
END $$;
