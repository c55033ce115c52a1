-- Counters instead of counts that scan (issue 21). Lists, the dashboard and run summaries read
-- these small tables rather than counting a million rows. Statement-level triggers keep them in
-- the same transaction as the change, whatever code path made it (ingest, triage, fix-on-rescan,
-- reopen, deletes, cascades).
--
-- Each counter is split in 8 shards chosen by the connection (pg_backend_pid() % 8): concurrent
-- ingests from several workers add to different rows instead of queueing on one hot row. A shard
-- may go negative (a row counted on one shard and removed on another); only the sum means
-- anything. Before touching a (scope, shard), a transaction takes a transaction-scoped advisory
-- lock on it, always in the same order, so two transactions can never deadlock on counter rows.
CREATE TABLE "vulnerability_counters" (
	"workspace_id" uuid NOT NULL,
	"severity_rank" smallint NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vulnerability_counters_pk" PRIMARY KEY("workspace_id","severity_rank","status","shard")
);
--> statement-breakpoint
CREATE TABLE "scan_history_counters" (
	"history_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"severity_rank" smallint NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_history_counters_pk" PRIMARY KEY("history_id","kind","severity_rank","shard")
);
--> statement-breakpoint
CREATE TABLE "asset_counters" (
	"group_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "asset_counters_pk" PRIMARY KEY("group_id","shard")
);
--> statement-breakpoint
ALTER TABLE "vulnerability_counters" ADD CONSTRAINT "vulnerability_counters_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_history_counters" ADD CONSTRAINT "scan_history_counters_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."scan_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_counters" ADD CONSTRAINT "asset_counters_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."asset_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_counters" ADD CONSTRAINT "asset_counters_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_counters_ws_idx" ON "asset_counters" USING btree ("workspace_id");--> statement-breakpoint
CREATE FUNCTION didban_counter_shard() RETURNS smallint LANGUAGE sql VOLATILE AS $$ SELECT (pg_backend_pid() % 8)::smallint $$;
--> statement-breakpoint
-- Advisory locks on (scope, shard) in a fixed order; class 1 = workspace, 2 = run, 3 = group.
CREATE FUNCTION didban_lock_counters(scopes uuid[], class int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE s uuid;
BEGIN
  FOR s IN SELECT DISTINCT x FROM unnest(scopes) AS x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock(hashtext(class::text || ':' || s::text), didban_counter_shard());
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION vulnerability_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'w')::uuid FROM jsonb_array_elements(deltas) d), 1);
  INSERT INTO vulnerability_counters AS c (workspace_id, severity_rank, status, shard, n)
  SELECT (d->>'w')::uuid, (d->>'r')::smallint, d->>'s', didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = (d->>'w')::uuid)
  ORDER BY 1, 2, 3
  ON CONFLICT (workspace_id, severity_rank, status, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION vulnerability_counters_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vulnerability_counters_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('w', workspace_id, 'r', severity_rank, 's', status, 'n', n))
    FROM (SELECT workspace_id, severity_rank, status, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) d
  ), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vulnerability_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vulnerability_counters_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('w', workspace_id, 'r', severity_rank, 's', status, 'n', -n))
    FROM (SELECT workspace_id, severity_rank, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d
  ), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vulnerability_counters_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vulnerability_counters_apply(coalesce((
    SELECT jsonb_agg(jsonb_build_object('w', w, 'r', r, 's', s, 'n', n))
    FROM (
      SELECT w, r, s, sum(delta) AS n FROM (
        SELECT o.workspace_id AS w, o.severity_rank AS r, o.status AS s, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE (o.workspace_id, o.severity_rank, o.status) IS DISTINCT FROM (nw.workspace_id, nw.severity_rank, nw.status)
        UNION ALL
        SELECT nw.workspace_id, nw.severity_rank, nw.status, 1
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE (o.workspace_id, o.severity_rank, o.status) IS DISTINCT FROM (nw.workspace_id, nw.severity_rank, nw.status)
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d
  ), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vulnerability_counters_insert AFTER INSERT ON vulnerabilities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vulnerability_counters_on_insert();
--> statement-breakpoint
CREATE TRIGGER vulnerability_counters_delete AFTER DELETE ON vulnerabilities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vulnerability_counters_on_delete();
--> statement-breakpoint
CREATE TRIGGER vulnerability_counters_update AFTER UPDATE ON vulnerabilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vulnerability_counters_on_update();
--> statement-breakpoint
CREATE FUNCTION scan_history_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'h')::uuid FROM jsonb_array_elements(deltas) d), 2);
  INSERT INTO scan_history_counters AS c (history_id, kind, severity_rank, shard, n)
  SELECT (d->>'h')::uuid, d->>'k', (d->>'r')::smallint, didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM scan_histories h WHERE h.id = (d->>'h')::uuid)
  ORDER BY 1, 2, 3
  ON CONFLICT (history_id, kind, severity_rank, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION scan_history_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('h', history_id, 'k', kind, 'r', severity_rank, 'n', n)) INTO deltas
    FROM (SELECT history_id, kind, severity_rank, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('h', history_id, 'k', kind, 'r', severity_rank, 'n', -n)) INTO deltas
    FROM (SELECT history_id, kind, severity_rank, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('h', h, 'k', k, 'r', r, 'n', n)) INTO deltas FROM (
      SELECT h, k, r, sum(delta) AS n FROM (
        SELECT history_id AS h, kind AS k, severity_rank AS r, -1 AS delta FROM old_rows
        UNION ALL SELECT history_id, kind, severity_rank, 1 FROM new_rows
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM scan_history_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_history_counters_insert AFTER INSERT ON scan_history_vulnerabilities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_history_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER scan_history_counters_delete AFTER DELETE ON scan_history_vulnerabilities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_history_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER scan_history_counters_update AFTER UPDATE ON scan_history_vulnerabilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_history_counters_on_change();
--> statement-breakpoint
CREATE FUNCTION asset_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'g')::uuid FROM jsonb_array_elements(deltas) d), 3);
  INSERT INTO asset_counters AS c (group_id, workspace_id, shard, n)
  SELECT (d->>'g')::uuid, (d->>'w')::uuid, didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM asset_groups g WHERE g.id = (d->>'g')::uuid)
  ORDER BY 1
  ON CONFLICT (group_id, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION asset_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'n', n)) INTO deltas
    FROM (SELECT group_id, workspace_id, count(*) AS n FROM new_rows GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'n', -n)) INTO deltas
    FROM (SELECT group_id, workspace_id, count(*) AS n FROM old_rows GROUP BY 1, 2) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('g', g, 'w', w, 'n', n)) INTO deltas FROM (
      SELECT g, w, sum(delta) AS n FROM (
        SELECT group_id AS g, workspace_id AS w, -1 AS delta FROM old_rows
        UNION ALL SELECT group_id, workspace_id, 1 FROM new_rows
      ) x GROUP BY 1, 2 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM asset_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_counters_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER asset_counters_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER asset_counters_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_counters_on_change();
--> statement-breakpoint
-- Backfill what is already there (shard 0).
INSERT INTO vulnerability_counters (workspace_id, severity_rank, status, shard, n)
SELECT workspace_id, severity_rank, status, 0, count(*) FROM vulnerabilities GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO scan_history_counters (history_id, kind, severity_rank, shard, n)
SELECT history_id, kind, severity_rank, 0, count(*) FROM scan_history_vulnerabilities GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO asset_counters (group_id, workspace_id, shard, n)
SELECT group_id, workspace_id, 0, count(*) FROM assets GROUP BY 1, 2;
