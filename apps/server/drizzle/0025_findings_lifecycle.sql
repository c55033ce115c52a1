-- Findings lifecycle (issue 32): assignee, due date (SLA), reasons and expiry of accepted risk,
-- comments, a who-and-when history of every change, and retests.
ALTER TABLE "vulnerabilities" ADD COLUMN "assignee_id" uuid;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "due_at_manual" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "status_reason" text;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "accepted_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "sla_breach_notified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "last_retest_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "last_retest_verdict" text;
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "finding_sla_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"critical_days" integer DEFAULT 7,
	"high_days" integer DEFAULT 30,
	"medium_days" integer DEFAULT 60,
	"low_days" integer DEFAULT 180,
	"info_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finding_sla_settings" ADD CONSTRAINT "finding_sla_settings_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Days to fix a finding of this rank in this workspace (null = no due date): its settings, else
-- the defaults (critical 7, high 30, medium 60, low 180, info and unknown none).
CREATE FUNCTION didban_sla_days(ws uuid, rank smallint) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN s.workspace_id IS NULL THEN CASE rank WHEN 5 THEN 7 WHEN 4 THEN 30 WHEN 3 THEN 60 WHEN 2 THEN 180 ELSE NULL END
    ELSE CASE rank WHEN 5 THEN s.critical_days WHEN 4 THEN s.high_days WHEN 3 THEN s.medium_days WHEN 2 THEN s.low_days WHEN 1 THEN s.info_days ELSE NULL END
  END
  FROM (SELECT 1) AS one LEFT JOIN finding_sla_settings s ON s.workspace_id = ws
$$;
--> statement-breakpoint
-- Every finding gets its due date from its first-seen date when it is stored, and again when its
-- severity changes, unless someone set the date by hand.
CREATE FUNCTION vulnerabilities_set_due_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d integer;
BEGIN
  IF NEW.due_at_manual THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.severity_rank = OLD.severity_rank AND NEW.first_seen_at = OLD.first_seen_at THEN RETURN NEW; END IF;
  d := didban_sla_days(NEW.workspace_id, NEW.severity_rank);
  NEW.due_at := CASE WHEN d IS NULL THEN NULL ELSE NEW.first_seen_at + make_interval(days => d) END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER vulnerabilities_due_at BEFORE INSERT OR UPDATE ON vulnerabilities FOR EACH ROW EXECUTE FUNCTION vulnerabilities_set_due_at();
--> statement-breakpoint
-- Findings already past due when this runs count as announced: only breaches from now on alert.
UPDATE "vulnerabilities" SET "due_at" = x.due, "sla_breach_notified_at" = CASE WHEN x.due < now() THEN now() END
FROM (SELECT "id", "first_seen_at" + make_interval(days => didban_sla_days("workspace_id", "severity_rank")) AS due FROM "vulnerabilities") x
WHERE x."id" = "vulnerabilities"."id" AND x.due IS NOT NULL;
--> statement-breakpoint
-- Lists filtered by overdue / due within N days read only the open findings, by due date.
CREATE INDEX "vulnerabilities_open_due_idx" ON "vulnerabilities" USING btree ("workspace_id","due_at") WHERE "status" in ('open', 'in_progress') AND "due_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "vulnerabilities_accepted_until_idx" ON "vulnerabilities" USING btree ("accepted_until") WHERE "status" = 'accepted_risk';
--> statement-breakpoint
CREATE INDEX "vulnerabilities_ws_assignee_idx" ON "vulnerabilities" USING btree ("workspace_id","assignee_id") WHERE "assignee_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "finding_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_vulnerability_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finding_events" ADD CONSTRAINT "finding_events_actor_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "finding_events_vuln_idx" ON "finding_events" USING btree ("vulnerability_id","created_at");
--> statement-breakpoint
CREATE TABLE "finding_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finding_comments" ADD CONSTRAINT "finding_comments_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finding_comments" ADD CONSTRAINT "finding_comments_vulnerability_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finding_comments" ADD CONSTRAINT "finding_comments_author_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "finding_comments_vuln_idx" ON "finding_comments" USING btree ("vulnerability_id","created_at");
--> statement-breakpoint
CREATE TABLE "finding_retests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"task_id" uuid,
	"requested_by" uuid,
	"requested_by_name" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"verdict" text,
	"reason" text,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_workspace_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_vulnerability_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "finding_retests" ADD CONSTRAINT "finding_retests_requested_by_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "finding_retests_vuln_idx" ON "finding_retests" USING btree ("vulnerability_id","created_at");
--> statement-breakpoint
CREATE INDEX "finding_retests_ws_created_idx" ON "finding_retests" USING btree ("workspace_id","created_at");
--> statement-breakpoint
-- The sweep's question each minute: open findings past due not yet announced.
CREATE INDEX "vulnerabilities_sla_unannounced_idx" ON "vulnerabilities" USING btree ("due_at") WHERE "status" in ('open', 'in_progress') AND "due_at" IS NOT NULL AND "sla_breach_notified_at" IS NULL;
