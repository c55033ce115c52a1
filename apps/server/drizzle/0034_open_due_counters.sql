-- Open findings by due day (issue 32): how many open or in-progress findings of a workspace fall
-- due on each UTC day, by severity and status, kept by statement triggers as vulnerability_counters
-- (migration 0019) are. "Overdue" and "due within N days" are then the counter rows of the days
-- before the boundary's day plus the few findings of the boundary day itself read from
-- vulnerabilities_open_due_idx, not a count of every matching finding (at 1,000,000 findings the
-- overdue count read ~460,000 index entries: ~70 ms).
CREATE TABLE "open_due_counters" (
	"workspace_id" uuid NOT NULL,
	"severity_rank" smallint NOT NULL,
	"status" text NOT NULL,
	"due_day" date NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "open_due_counters_pk" PRIMARY KEY("workspace_id","severity_rank","status","due_day","shard")
);
--> statement-breakpoint
ALTER TABLE "open_due_counters" ADD CONSTRAINT "open_due_counters_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION open_due_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF deltas = '[]'::jsonb THEN RETURN; END IF;
  -- Class 9: its own advisory locks, so it never waits on (or for) vulnerability_counters' ones.
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'w')::uuid FROM jsonb_array_elements(deltas) d), 9);
  INSERT INTO open_due_counters AS c (workspace_id, severity_rank, status, due_day, shard, n)
  SELECT (d->>'w')::uuid, (d->>'r')::smallint, d->>'s', (d->>'d')::date, didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = (d->>'w')::uuid)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, severity_rank, status, due_day, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION open_due_counters_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM open_due_counters_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('w', w, 'r', r, 's', s, 'd', d, 'n', n))
    FROM (SELECT workspace_id AS w, severity_rank AS r, status AS s, (due_at AT TIME ZONE 'UTC')::date AS d, count(*) AS n
          FROM new_rows WHERE status IN ('open', 'in_progress') AND due_at IS NOT NULL GROUP BY 1, 2, 3, 4) x
  ), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION open_due_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM open_due_counters_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('w', w, 'r', r, 's', s, 'd', d, 'n', -n))
    FROM (SELECT workspace_id AS w, severity_rank AS r, status AS s, (due_at AT TIME ZONE 'UTC')::date AS d, count(*) AS n
          FROM old_rows WHERE status IN ('open', 'in_progress') AND due_at IS NOT NULL GROUP BY 1, 2, 3, 4) x
  ), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION open_due_counters_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM open_due_counters_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('w', w, 'r', r, 's', s, 'd', d, 'n', n))
    FROM (
      SELECT w, r, s, d, sum(delta) AS n FROM (
        SELECT o.workspace_id AS w, o.severity_rank AS r, o.status AS s, (o.due_at AT TIME ZONE 'UTC')::date AS d, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE o.status IN ('open', 'in_progress') AND o.due_at IS NOT NULL
            AND (o.workspace_id, o.severity_rank, o.status, o.due_at) IS DISTINCT FROM (nw.workspace_id, nw.severity_rank, nw.status, nw.due_at)
        UNION ALL
        SELECT nw.workspace_id, nw.severity_rank, nw.status, (nw.due_at AT TIME ZONE 'UTC')::date, 1
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE nw.status IN ('open', 'in_progress') AND nw.due_at IS NOT NULL
            AND (o.workspace_id, o.severity_rank, o.status, o.due_at) IS DISTINCT FROM (nw.workspace_id, nw.severity_rank, nw.status, nw.due_at)
      ) x GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
    ) y
  ), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER open_due_counters_insert AFTER INSERT ON vulnerabilities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_due_counters_on_insert();
--> statement-breakpoint
CREATE TRIGGER open_due_counters_delete AFTER DELETE ON vulnerabilities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_due_counters_on_delete();
--> statement-breakpoint
CREATE TRIGGER open_due_counters_update AFTER UPDATE ON vulnerabilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_due_counters_on_update();
--> statement-breakpoint
INSERT INTO open_due_counters (workspace_id, severity_rank, status, due_day, shard, n)
SELECT workspace_id, severity_rank, status, (due_at AT TIME ZONE 'UTC')::date, 0, count(*)
FROM vulnerabilities WHERE status IN ('open', 'in_progress') AND due_at IS NOT NULL
GROUP BY 1, 2, 3, 4;
