-- The million, what 0020 left counting (issue 21, docs/benchmarks.md "## Scale"):
--
-- 1. The inventory filtered by HTTP status alone counted every matching asset (250,000 of a
--    million took 113 ms). `asset_status_counters` counts assets by group × status, kept like the
--    port counters of 0020 (advisory-lock class 7), so a status filter, a port filter (0020's
--    counters) and the status filter's options read a few rows.
-- 2. A run's list filtered by status counted its links joined with the findings (1.1 s for
--    174,000 links at a million; joining both sides from indexes alone still took 0.5 s). Each
--    link now keeps its finding's status and runs are counted by rank × status. The price is
--    paid on triage and on a rescan that fixes or reopens: every link of a changed finding (one
--    per run that saw it) is rewritten, as 0020 rewrites its one pair per scan.
CREATE TABLE "asset_status_counters" (
	"group_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "asset_status_counters_pk" PRIMARY KEY("group_id","status","shard")
);
--> statement-breakpoint
ALTER TABLE "asset_status_counters" ADD CONSTRAINT "asset_status_counters_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."asset_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_status_counters" ADD CONSTRAINT "asset_status_counters_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_status_counters_ws_idx" ON "asset_status_counters" USING btree ("workspace_id");--> statement-breakpoint
CREATE FUNCTION asset_status_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'g')::uuid FROM jsonb_array_elements(deltas) d), 7);
  INSERT INTO asset_status_counters AS c (group_id, workspace_id, status, shard, n)
  SELECT (d->>'g')::uuid, (d->>'w')::uuid, d->>'s', didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM asset_groups g WHERE g.id = (d->>'g')::uuid)
  ORDER BY 1, 3
  ON CONFLICT (group_id, status, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION asset_status_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 's', status, 'n', n)) INTO deltas
    FROM (SELECT group_id, workspace_id, status, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 's', status, 'n', -n)) INTO deltas
    FROM (SELECT group_id, workspace_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('g', g, 'w', w, 's', s, 'n', n)) INTO deltas FROM (
      SELECT g, w, s, sum(delta) AS n FROM (
        SELECT o.group_id AS g, o.workspace_id AS w, o.status AS s, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE (o.group_id, o.workspace_id, o.status) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.status)
        UNION ALL
        SELECT nw.group_id, nw.workspace_id, nw.status, 1
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE (o.group_id, o.workspace_id, o.status) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.status)
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM asset_status_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_status_counters_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_status_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER asset_status_counters_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_status_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER asset_status_counters_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_status_counters_on_change();
--> statement-breakpoint
INSERT INTO asset_status_counters (group_id, workspace_id, status, shard, n)
SELECT group_id, workspace_id, status, 0, count(*) FROM assets GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A run's findings by status: each link keeps a copy of its finding's status (filled on insert,
-- rewritten when the finding's status changes, as 0020 does for the scan pairs), and
-- `scan_history_status_counters` counts the links by run × rank × status (lock class 8).
ALTER TABLE "scan_history_vulnerabilities" ADD COLUMN "status" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE scan_history_vulnerabilities l SET status = v.status FROM vulnerabilities v WHERE v.id = l.vulnerability_id;
--> statement-breakpoint
-- Whatever an insert says, the link starts with its finding's status.
CREATE FUNCTION scan_history_links_fill_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT v.status INTO NEW.status FROM vulnerabilities v WHERE v.id = NEW.vulnerability_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_history_links_fill_status BEFORE INSERT ON scan_history_vulnerabilities FOR EACH ROW EXECUTE FUNCTION scan_history_links_fill_status();
--> statement-breakpoint
CREATE FUNCTION scan_history_links_on_vulnerability_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scan_history_vulnerabilities l SET status = x.status
  FROM (
    SELECT nw.id, nw.status FROM new_rows nw JOIN old_rows o ON o.id = nw.id
    WHERE o.status IS DISTINCT FROM nw.status
  ) x
  WHERE l.vulnerability_id = x.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_history_links_vulnerability_update AFTER UPDATE ON vulnerabilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_history_links_on_vulnerability_update();
--> statement-breakpoint
CREATE TABLE "scan_history_status_counters" (
	"history_id" uuid NOT NULL,
	"severity_rank" smallint NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_history_status_counters_pk" PRIMARY KEY("history_id","severity_rank","status","shard")
);
--> statement-breakpoint
ALTER TABLE "scan_history_status_counters" ADD CONSTRAINT "scan_history_status_counters_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."scan_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION scan_history_status_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'h')::uuid FROM jsonb_array_elements(deltas) d), 8);
  INSERT INTO scan_history_status_counters AS c (history_id, severity_rank, status, shard, n)
  SELECT (d->>'h')::uuid, (d->>'r')::smallint, d->>'s', didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM scan_histories h WHERE h.id = (d->>'h')::uuid)
  ORDER BY 1, 2, 3
  ON CONFLICT (history_id, severity_rank, status, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION scan_history_status_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('h', history_id, 'r', severity_rank, 's', status, 'n', n)) INTO deltas
    FROM (SELECT history_id, severity_rank, status, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('h', history_id, 'r', severity_rank, 's', status, 'n', -n)) INTO deltas
    FROM (SELECT history_id, severity_rank, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('h', h, 'r', r, 's', s, 'n', n)) INTO deltas FROM (
      SELECT h, r, s, sum(delta) AS n FROM (
        SELECT o.history_id AS h, o.severity_rank AS r, o.status AS s, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.history_id = o.history_id AND nw.vulnerability_id = o.vulnerability_id
          WHERE (o.severity_rank, o.status) IS DISTINCT FROM (nw.severity_rank, nw.status)
        UNION ALL
        SELECT nw.history_id, nw.severity_rank, nw.status, 1
          FROM old_rows o JOIN new_rows nw ON nw.history_id = o.history_id AND nw.vulnerability_id = o.vulnerability_id
          WHERE (o.severity_rank, o.status) IS DISTINCT FROM (nw.severity_rank, nw.status)
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM scan_history_status_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_history_status_counters_insert AFTER INSERT ON scan_history_vulnerabilities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_history_status_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER scan_history_status_counters_delete AFTER DELETE ON scan_history_vulnerabilities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_history_status_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER scan_history_status_counters_update AFTER UPDATE ON scan_history_vulnerabilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_history_status_counters_on_change();
--> statement-breakpoint
INSERT INTO scan_history_status_counters (history_id, severity_rank, status, shard, n)
SELECT history_id, severity_rank, status, 0, count(*) FROM scan_history_vulnerabilities GROUP BY 1, 2, 3;
