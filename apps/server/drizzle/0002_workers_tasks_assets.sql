CREATE TABLE "task_result_batches" (
	"task_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"seq" integer NOT NULL,
	"worker_id" uuid,
	"item_count" integer NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_result_batches_task_id_attempt_seq_pk" PRIMARY KEY("task_id","attempt","seq")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"workspace_id" uuid NOT NULL,
	"worker_group_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"lease_owner" uuid,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"error" text,
	"result" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"photo_key" text,
	"photo_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid,
	"group_id" uuid,
	"name" text NOT NULL,
	"country" text,
	"ip" text,
	"version" text,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"roots" jsonb NOT NULL,
	"scope_include" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scope_exclude" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"port_setting" text DEFAULT 'top-100' NOT NULL,
	"custom_ports" text,
	"auto_discovery" boolean DEFAULT true NOT NULL,
	"worker_group_id" uuid,
	"status" text DEFAULT 'not_scanned' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"enumeration_history_id" uuid,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"is_root" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'done' NOT NULL,
	"service" text,
	"title" text,
	"cname" text,
	"content_length" integer,
	"content_type" text,
	"server" text,
	"final_url" text,
	"response_headers" jsonb,
	"body_start" text,
	"tls" jsonb,
	"favicon_hash" integer,
	"technologies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"anomalies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wildcard" boolean DEFAULT false NOT NULL,
	"screenshot_key" text,
	"scanned_count" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enumeration_histories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"task_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"duration" double precision,
	"new_assets" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_result_batches" ADD CONSTRAINT "task_result_batches_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_result_batches" ADD CONSTRAINT "task_result_batches_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_worker_group_id_worker_groups_id_fk" FOREIGN KEY ("worker_group_id") REFERENCES "public"."worker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lease_owner_workers_id_fk" FOREIGN KEY ("lease_owner") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_groups" ADD CONSTRAINT "worker_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_group_id_worker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."worker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_groups" ADD CONSTRAINT "asset_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_groups" ADD CONSTRAINT "asset_groups_worker_group_id_worker_groups_id_fk" FOREIGN KEY ("worker_group_id") REFERENCES "public"."worker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_group_id_asset_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."asset_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_enumeration_history_id_enumeration_histories_id_fk" FOREIGN KEY ("enumeration_history_id") REFERENCES "public"."enumeration_histories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enumeration_histories" ADD CONSTRAINT "enumeration_histories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enumeration_histories" ADD CONSTRAINT "enumeration_histories_group_id_asset_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."asset_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enumeration_histories" ADD CONSTRAINT "enumeration_histories_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_queue_idx" ON "tasks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tasks_workspace_idx" ON "tasks" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "worker_groups_workspace_idx" ON "worker_groups" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workers_key_hash_idx" ON "workers" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "workers_workspace_idx" ON "workers" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workers_builtin_name_idx" ON "workers" USING btree ("name") WHERE "workers"."builtin";--> statement-breakpoint
CREATE INDEX "asset_groups_workspace_idx" ON "asset_groups" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_group_host_port_idx" ON "assets" USING btree ("group_id","host","port");--> statement-breakpoint
CREATE INDEX "assets_workspace_idx" ON "assets" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE INDEX "enumeration_histories_group_idx" ON "enumeration_histories" USING btree ("group_id","started_at");