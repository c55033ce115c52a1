CREATE TABLE "template_run_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"key" text NOT NULL,
	"template_id" text NOT NULL,
	"template_name" text NOT NULL,
	"severity" text NOT NULL,
	"protocol" text NOT NULL,
	"host" text NOT NULL,
	"matched_at" text NOT NULL,
	"matcher_name" text,
	"extractor_name" text,
	"extracted_results" text[] DEFAULT '{}' NOT NULL,
	"request" text,
	"response" text,
	"evidence_truncated" boolean DEFAULT false NOT NULL,
	"ip" text,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"task_id" uuid,
	"outcome" text,
	"template_ids" text[] DEFAULT '{}' NOT NULL,
	"targets" text[] DEFAULT '{}' NOT NULL,
	"finding_count" integer DEFAULT 0 NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" uuid,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_run_findings" ADD CONSTRAINT "template_run_findings_run_id_template_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."template_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_runs" ADD CONSTRAINT "template_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_runs" ADD CONSTRAINT "template_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_runs" ADD CONSTRAINT "template_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "template_run_findings_run_key_idx" ON "template_run_findings" USING btree ("run_id","key");--> statement-breakpoint
CREATE INDEX "template_runs_workspace_idx" ON "template_runs" USING btree ("workspace_id","created_at");