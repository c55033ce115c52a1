-- Two more lists that counted everything (issue 21, docs/benchmarks.md "## Scale"):
--
-- 1. A scan's findings. The scans list showed each scan's open findings by severity with a
--    count(distinct) over every link of every run of the scan, and the vulnerability list filtered
--    by one scan tested an exists over the same links for each finding and counted them all.
--    `scan_vulnerabilities` holds each (scan, finding) pair once, with how many run links make it
--    (`links`) and a copy of the finding's severity rank and status; `scan_vulnerability_counters`
--    counts those pairs by scan × severity × status. A page tests membership on the pair's key and
--    reads its total from the counters.
-- 2. The technologies tab expanded every asset's technologies. `technology_counters` (assets per
--    technology), `technology_version_counters` (assets per technology and version) and
--    `technology_info` (its name, icon, … as max() over the assets would give) answer it.
-- 3. The port filter's options with their counts grouped every asset of the workspace:
--    `asset_port_counters` counts assets by group × port.
--
-- All kept by statement-level triggers in the same transaction as the change, like 0019, with the
-- same sharding and advisory-lock order (class 4 = scan, 5 = workspace technologies, 6 = group ports).
CREATE TABLE "scan_vulnerabilities" (
	"scan_id" uuid NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"severity_rank" smallint NOT NULL,
	"status" text NOT NULL,
	"links" integer NOT NULL,
	CONSTRAINT "scan_vulnerabilities_pk" PRIMARY KEY("scan_id","vulnerability_id")
);
--> statement-breakpoint
CREATE TABLE "scan_vulnerability_counters" (
	"scan_id" uuid NOT NULL,
	"severity_rank" smallint NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_vulnerability_counters_pk" PRIMARY KEY("scan_id","severity_rank","status","shard")
);
--> statement-breakpoint
CREATE TABLE "technology_counters" (
	"workspace_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "technology_counters_pk" PRIMARY KEY("workspace_id","slug","shard")
);
--> statement-breakpoint
CREATE TABLE "technology_version_counters" (
	"workspace_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"version" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "technology_version_counters_pk" PRIMARY KEY("workspace_id","slug","version","shard")
);
--> statement-breakpoint
CREATE TABLE "technology_info" (
	"workspace_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text,
	"icon" text,
	"website" text,
	"description" text,
	"categories" jsonb,
	CONSTRAINT "technology_info_pk" PRIMARY KEY("workspace_id","slug")
);
--> statement-breakpoint
ALTER TABLE "scan_vulnerabilities" ADD CONSTRAINT "scan_vulnerabilities_scan_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_vulnerabilities" ADD CONSTRAINT "scan_vulnerabilities_vulnerability_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_vulnerability_counters" ADD CONSTRAINT "scan_vulnerability_counters_scan_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technology_counters" ADD CONSTRAINT "technology_counters_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technology_version_counters" ADD CONSTRAINT "technology_version_counters_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technology_info" ADD CONSTRAINT "technology_info_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_vulnerabilities_vuln_idx" ON "scan_vulnerabilities" USING btree ("vulnerability_id");--> statement-breakpoint
-- Pairs from run links. A run's history row gives the scan; when a run goes (alone or with its
-- scan), its links are deleted first (below) so that row is still there to read.
CREATE FUNCTION scan_vulnerabilities_on_link_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scan_vulnerabilities AS p (scan_id, vulnerability_id, severity_rank, status, links)
  SELECT h.scan_id, v.id, max(v.severity_rank), max(v.status), count(*)::int
  FROM new_rows l
  JOIN scan_histories h ON h.id = l.history_id
  JOIN vulnerabilities v ON v.id = l.vulnerability_id
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (scan_id, vulnerability_id) DO UPDATE SET links = p.links + excluded.links;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION scan_vulnerabilities_on_link_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A pair whose last links went is deleted, the others lose as many links (disjoint rows).
  WITH gone AS (
    SELECT h.scan_id, l.vulnerability_id, count(*)::int AS n
    FROM old_rows l JOIN scan_histories h ON h.id = l.history_id
    GROUP BY 1, 2
  ), emptied AS (
    DELETE FROM scan_vulnerabilities p USING gone d
    WHERE p.scan_id = d.scan_id AND p.vulnerability_id = d.vulnerability_id AND p.links <= d.n
  )
  UPDATE scan_vulnerabilities p SET links = p.links - d.n FROM gone d
  WHERE p.scan_id = d.scan_id AND p.vulnerability_id = d.vulnerability_id AND p.links > d.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_vulnerabilities_link_insert AFTER INSERT ON scan_history_vulnerabilities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_vulnerabilities_on_link_insert();
--> statement-breakpoint
CREATE TRIGGER scan_vulnerabilities_link_delete AFTER DELETE ON scan_history_vulnerabilities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_vulnerabilities_on_link_delete();
--> statement-breakpoint
CREATE FUNCTION scan_histories_drop_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM scan_history_vulnerabilities WHERE history_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_histories_drop_links BEFORE DELETE ON scan_histories FOR EACH ROW EXECUTE FUNCTION scan_histories_drop_links();
--> statement-breakpoint
-- A finding's severity or status changed: so does its copy in every pair.
CREATE FUNCTION scan_vulnerabilities_on_vulnerability_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scan_vulnerabilities p SET severity_rank = x.severity_rank, status = x.status
  FROM (
    SELECT nw.id, nw.severity_rank, nw.status FROM new_rows nw JOIN old_rows o ON o.id = nw.id
    WHERE (o.severity_rank, o.status) IS DISTINCT FROM (nw.severity_rank, nw.status)
  ) x
  WHERE p.vulnerability_id = x.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_vulnerabilities_vulnerability_update AFTER UPDATE ON vulnerabilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_vulnerabilities_on_vulnerability_update();
--> statement-breakpoint
CREATE FUNCTION scan_vulnerability_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'c')::uuid FROM jsonb_array_elements(deltas) d), 4);
  INSERT INTO scan_vulnerability_counters AS c (scan_id, severity_rank, status, shard, n)
  SELECT (d->>'c')::uuid, (d->>'r')::smallint, d->>'s', didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM scans s WHERE s.id = (d->>'c')::uuid)
  ORDER BY 1, 2, 3
  ON CONFLICT (scan_id, severity_rank, status, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION scan_vulnerability_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('c', scan_id, 'r', severity_rank, 's', status, 'n', n)) INTO deltas
    FROM (SELECT scan_id, severity_rank, status, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('c', scan_id, 'r', severity_rank, 's', status, 'n', -n)) INTO deltas
    FROM (SELECT scan_id, severity_rank, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d;
  ELSE
    -- Most updates only move `links`: compare the rows that changed a counted column.
    SELECT jsonb_agg(jsonb_build_object('c', c, 'r', r, 's', s, 'n', n)) INTO deltas FROM (
      SELECT c, r, s, sum(delta) AS n FROM (
        SELECT o.scan_id AS c, o.severity_rank AS r, o.status AS s, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.scan_id = o.scan_id AND nw.vulnerability_id = o.vulnerability_id
          WHERE (o.severity_rank, o.status) IS DISTINCT FROM (nw.severity_rank, nw.status)
        UNION ALL
        SELECT nw.scan_id, nw.severity_rank, nw.status, 1
          FROM old_rows o JOIN new_rows nw ON nw.scan_id = o.scan_id AND nw.vulnerability_id = o.vulnerability_id
          WHERE (o.severity_rank, o.status) IS DISTINCT FROM (nw.severity_rank, nw.status)
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM scan_vulnerability_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scan_vulnerability_counters_insert AFTER INSERT ON scan_vulnerabilities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_vulnerability_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER scan_vulnerability_counters_delete AFTER DELETE ON scan_vulnerabilities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_vulnerability_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER scan_vulnerability_counters_update AFTER UPDATE ON scan_vulnerabilities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scan_vulnerability_counters_on_change();
--> statement-breakpoint
-- Technologies: each asset counts once per slug and once per (slug, version), however often its
-- list names them. Entries without a slug are not listed.
CREATE FUNCTION technology_entries(rows_ jsonb) RETURNS TABLE (workspace_id uuid, asset_id uuid, slug text, version text, e jsonb) LANGUAGE sql IMMUTABLE AS $$
  SELECT (r->>'w')::uuid, (r->>'a')::uuid, t.e->>'slug', t.e->>'version', t.e
  FROM jsonb_array_elements(rows_) r
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r->'t') = 'array' THEN r->'t' ELSE '[]'::jsonb END) t(e)
  WHERE t.e->>'slug' IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION technology_counters_apply(added jsonb, removed jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE ws uuid[];
BEGIN
  ws := ARRAY(SELECT DISTINCT workspace_id FROM technology_entries(added)
              UNION SELECT DISTINCT workspace_id FROM technology_entries(removed));
  IF cardinality(ws) = 0 THEN RETURN; END IF;
  PERFORM didban_lock_counters(ws, 5);
  INSERT INTO technology_counters AS c (workspace_id, slug, shard, n)
  SELECT workspace_id, slug, didban_counter_shard(), sum(delta) FROM (
    SELECT DISTINCT workspace_id, asset_id, slug, 1 AS delta FROM technology_entries(added)
    UNION ALL
    SELECT DISTINCT workspace_id, asset_id, slug, -1 FROM technology_entries(removed)
  ) x
  WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = x.workspace_id)
  GROUP BY 1, 2 HAVING sum(delta) <> 0
  ORDER BY 1, 2
  ON CONFLICT (workspace_id, slug, shard) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO technology_version_counters AS c (workspace_id, slug, version, shard, n)
  SELECT workspace_id, slug, version, didban_counter_shard(), sum(delta) FROM (
    SELECT DISTINCT workspace_id, asset_id, slug, version, 1 AS delta FROM technology_entries(added) WHERE version IS NOT NULL
    UNION ALL
    SELECT DISTINCT workspace_id, asset_id, slug, version, -1 FROM technology_entries(removed) WHERE version IS NOT NULL
  ) x
  WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = x.workspace_id)
  GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (workspace_id, slug, version, shard) DO UPDATE SET n = c.n + excluded.n;
  -- Names and icons only grow (greatest, as max() over the assets): a technology's details are
  -- the same on every asset, so nothing is lost when assets go.
  INSERT INTO technology_info AS i (workspace_id, slug, name, icon, website, description, categories)
  SELECT workspace_id, slug, max(e->>'name'), max(e->>'icon'), max(e->>'website'), max(e->>'description'),
         (array_agg(e->'categories'))[1]
  FROM technology_entries(added) x
  WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = x.workspace_id)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (workspace_id, slug) DO UPDATE SET
    name = greatest(i.name, excluded.name), icon = greatest(i.icon, excluded.icon),
    website = greatest(i.website, excluded.website), description = greatest(i.description, excluded.description),
    categories = coalesce(i.categories, excluded.categories);
END $$;
--> statement-breakpoint
CREATE FUNCTION technology_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added jsonb; removed jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('w', workspace_id, 'a', id, 't', technologies)) INTO added
    FROM new_rows WHERE technologies <> '[]'::jsonb;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('w', workspace_id, 'a', id, 't', technologies)) INTO removed
    FROM old_rows WHERE technologies <> '[]'::jsonb;
  ELSE
    -- Discovery rewrites assets often; only a changed technologies list (or workspace) counts.
    SELECT jsonb_agg(jsonb_build_object('w', o.workspace_id, 'a', o.id, 't', o.technologies)),
           jsonb_agg(jsonb_build_object('w', nw.workspace_id, 'a', nw.id, 't', nw.technologies))
      INTO removed, added
    FROM old_rows o JOIN new_rows nw ON nw.id = o.id
    WHERE (o.workspace_id, o.technologies) IS DISTINCT FROM (nw.workspace_id, nw.technologies);
  END IF;
  PERFORM technology_counters_apply(coalesce(added, '[]'), coalesce(removed, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER technology_counters_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION technology_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER technology_counters_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION technology_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER technology_counters_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION technology_counters_on_change();
--> statement-breakpoint
CREATE TABLE "asset_port_counters" (
	"group_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"port" integer NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "asset_port_counters_pk" PRIMARY KEY("group_id","port","shard")
);
--> statement-breakpoint
ALTER TABLE "asset_port_counters" ADD CONSTRAINT "asset_port_counters_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."asset_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_port_counters" ADD CONSTRAINT "asset_port_counters_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_port_counters_ws_idx" ON "asset_port_counters" USING btree ("workspace_id");--> statement-breakpoint
CREATE FUNCTION asset_port_counters_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM didban_lock_counters(ARRAY(SELECT DISTINCT (d->>'g')::uuid FROM jsonb_array_elements(deltas) d), 6);
  INSERT INTO asset_port_counters AS c (group_id, workspace_id, port, shard, n)
  SELECT (d->>'g')::uuid, (d->>'w')::uuid, (d->>'p')::int, didban_counter_shard(), (d->>'n')::bigint
  FROM jsonb_array_elements(deltas) d
  WHERE EXISTS (SELECT 1 FROM asset_groups g WHERE g.id = (d->>'g')::uuid)
  ORDER BY 1, 3
  ON CONFLICT (group_id, port, shard) DO UPDATE SET n = c.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE FUNCTION asset_port_counters_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'p', port, 'n', n)) INTO deltas
    FROM (SELECT group_id, workspace_id, port, count(*) AS n FROM new_rows WHERE port IS NOT NULL GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('g', group_id, 'w', workspace_id, 'p', port, 'n', -n)) INTO deltas
    FROM (SELECT group_id, workspace_id, port, count(*) AS n FROM old_rows WHERE port IS NOT NULL GROUP BY 1, 2, 3) d;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('g', g, 'w', w, 'p', p, 'n', n)) INTO deltas FROM (
      SELECT g, w, p, sum(delta) AS n FROM (
        SELECT o.group_id AS g, o.workspace_id AS w, o.port AS p, -1 AS delta
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE o.port IS NOT NULL AND (o.group_id, o.workspace_id, o.port) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.port)
        UNION ALL
        SELECT nw.group_id, nw.workspace_id, nw.port, 1
          FROM old_rows o JOIN new_rows nw ON nw.id = o.id
          WHERE nw.port IS NOT NULL AND (o.group_id, o.workspace_id, o.port) IS DISTINCT FROM (nw.group_id, nw.workspace_id, nw.port)
      ) x GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
    ) d;
  END IF;
  PERFORM asset_port_counters_apply(coalesce(deltas, '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_port_counters_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_port_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER asset_port_counters_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_port_counters_on_change();
--> statement-breakpoint
CREATE TRIGGER asset_port_counters_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION asset_port_counters_on_change();
--> statement-breakpoint
-- Backfill what is already there (the pairs' own trigger counts them).
INSERT INTO scan_vulnerabilities (scan_id, vulnerability_id, severity_rank, status, links)
SELECT h.scan_id, v.id, max(v.severity_rank), max(v.status), count(*)::int
FROM scan_history_vulnerabilities l
JOIN scan_histories h ON h.id = l.history_id
JOIN vulnerabilities v ON v.id = l.vulnerability_id
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO technology_counters (workspace_id, slug, shard, n)
SELECT a.workspace_id, t.e->>'slug', 0, count(DISTINCT a.id)
FROM assets a CROSS JOIN LATERAL jsonb_array_elements(a.technologies) t(e)
WHERE jsonb_typeof(a.technologies) = 'array' AND t.e->>'slug' IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO technology_version_counters (workspace_id, slug, version, shard, n)
SELECT a.workspace_id, t.e->>'slug', t.e->>'version', 0, count(DISTINCT a.id)
FROM assets a CROSS JOIN LATERAL jsonb_array_elements(a.technologies) t(e)
WHERE jsonb_typeof(a.technologies) = 'array' AND t.e->>'slug' IS NOT NULL AND t.e->>'version' IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO technology_info (workspace_id, slug, name, icon, website, description, categories)
SELECT a.workspace_id, t.e->>'slug', max(t.e->>'name'), max(t.e->>'icon'), max(t.e->>'website'),
       max(t.e->>'description'), (array_agg(t.e->'categories'))[1]
FROM assets a CROSS JOIN LATERAL jsonb_array_elements(a.technologies) t(e)
WHERE jsonb_typeof(a.technologies) = 'array' AND t.e->>'slug' IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO asset_port_counters (group_id, workspace_id, port, shard, n)
SELECT group_id, workspace_id, port, 0, count(*) FROM assets WHERE port IS NOT NULL GROUP BY 1, 2, 3;
