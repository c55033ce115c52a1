CREATE TABLE "scan_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"history_id" uuid NOT NULL,
	"task_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"targets" text[] NOT NULL,
	"asset_ids" uuid[] NOT NULL,
	"engine_template_ids" text[] NOT NULL,
	"failed_pairs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"findings" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_histories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"status" text DEFAULT 'initializing' NOT NULL,
	"trigger" text NOT NULL,
	"tasks_done" integer DEFAULT 0 NOT NULL,
	"total_task" integer,
	"targets" integer DEFAULT 0 NOT NULL,
	"templates" integer DEFAULT 0 NOT NULL,
	"asset_ids" uuid[] DEFAULT '{}' NOT NULL,
	"engine_template_ids" text[] DEFAULT '{}' NOT NULL,
	"error" text,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_history_vulnerabilities" (
	"history_id" uuid NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"severity_rank" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scan_history_vulnerabilities_history_id_vulnerability_id_pk" PRIMARY KEY("history_id","vulnerability_id")
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"asset_group_ids" uuid[] DEFAULT '{}' NOT NULL,
	"asset_ids" uuid[] DEFAULT '{}' NOT NULL,
	"template_ids" text[] DEFAULT '{}' NOT NULL,
	"template_tags" text[] DEFAULT '{}' NOT NULL,
	"worker_group_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vulnerabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"template_id" text NOT NULL,
	"template_name" text NOT NULL,
	"severity" text NOT NULL,
	"severity_rank" smallint NOT NULL,
	"matcher_name" text,
	"extractor_name" text,
	"extracted_results" text[] DEFAULT '{}' NOT NULL,
	"protocol" text NOT NULL,
	"asset_id" uuid,
	"host" text NOT NULL,
	"port" integer,
	"ip" text,
	"matched_at" text NOT NULL,
	"request" text,
	"response" text,
	"evidence_truncated" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_scan_id" uuid,
	"last_history_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fixed_at" timestamp with time zone,
	"reopened_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_chunks" ADD CONSTRAINT "scan_chunks_history_id_scan_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."scan_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_chunks" ADD CONSTRAINT "scan_chunks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_histories" ADD CONSTRAINT "scan_histories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_histories" ADD CONSTRAINT "scan_histories_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_histories" ADD CONSTRAINT "scan_histories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_history_vulnerabilities" ADD CONSTRAINT "scan_history_vulnerabilities_history_id_scan_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."scan_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_history_vulnerabilities" ADD CONSTRAINT "scan_history_vulnerabilities_vulnerability_id_vulnerabilities_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_worker_group_id_worker_groups_id_fk" FOREIGN KEY ("worker_group_id") REFERENCES "public"."worker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_last_scan_id_scans_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_last_history_id_scan_histories_id_fk" FOREIGN KEY ("last_history_id") REFERENCES "public"."scan_histories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_chunks_history_idx" ON "scan_chunks" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "scan_histories_scan_idx" ON "scan_histories" USING btree ("scan_id","created_at");--> statement-breakpoint
CREATE INDEX "scan_histories_ws_created_idx" ON "scan_histories" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "scan_history_vulns_rank_idx" ON "scan_history_vulnerabilities" USING btree ("history_id","severity_rank" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scan_history_vulns_vuln_idx" ON "scan_history_vulnerabilities" USING btree ("vulnerability_id");--> statement-breakpoint
CREATE INDEX "scans_workspace_created_idx" ON "scans" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "scans_group_ids_idx" ON "scans" USING gin ("asset_group_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "vulnerabilities_ws_key_idx" ON "vulnerabilities" USING btree ("workspace_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "vulnerabilities_ws_rank_idx" ON "vulnerabilities" USING btree ("workspace_id","severity_rank" DESC NULLS LAST,"last_seen_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "vulnerabilities_ws_status_rank_idx" ON "vulnerabilities" USING btree ("workspace_id","status","severity_rank" DESC NULLS LAST,"last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vulnerabilities_asset_idx" ON "vulnerabilities" USING btree ("asset_id","severity_rank" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vulnerabilities_template_idx" ON "vulnerabilities" USING btree ("workspace_id","template_id","matcher_name");--> statement-breakpoint
CREATE INDEX "vulnerabilities_open_idx" ON "vulnerabilities" USING btree ("workspace_id","asset_id","template_id") WHERE "vulnerabilities"."status" in ('open', 'in_progress');