-- Automatic retests of open findings on a schedule per workspace (issue 32): off (no row = off),
-- daily or weekly, for the chosen severities. The due time is stored (next_run_at), so a restart
-- neither repeats a run nor skips one; the loop claims due rows with SKIP LOCKED.
CREATE TABLE IF NOT EXISTS "finding_auto_retest_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text DEFAULT 'off' NOT NULL,
	"severities" text[] DEFAULT '{critical,high}'::text[] NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_queued" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "finding_auto_retest_settings" ADD CONSTRAINT "finding_auto_retest_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "finding_auto_retest_due_idx" ON "finding_auto_retest_settings" USING btree ("next_run_at") WHERE "frequency" <> 'off';
--> statement-breakpoint
-- A retest the schedule queued (no user asked): its history entry names the schedule.
ALTER TABLE "finding_retests" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;
