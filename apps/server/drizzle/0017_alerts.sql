CREATE TABLE "alert_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"language" text DEFAULT 'fa' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_enc" text,
	"secret_hint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "alert_channels_workspace_idx" ON "alert_channels" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"triggers" text[] DEFAULT '{}' NOT NULL,
	"min_severity" text DEFAULT 'low' NOT NULL,
	"cert_days" integer DEFAULT 14 NOT NULL,
	"asset_group_ids" uuid[] DEFAULT '{}' NOT NULL,
	"channel_ids" uuid[] DEFAULT '{}' NOT NULL,
	"throttle_seconds" integer DEFAULT 0 NOT NULL,
	"digest" text DEFAULT 'off' NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "alert_rules_workspace_idx" ON "alert_rules" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"group_ids" uuid[] DEFAULT '{}' NOT NULL,
	"subject_key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "alert_events_unprocessed_idx" ON "alert_events" USING btree ("created_at") WHERE "processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_subject_idx" ON "alert_events" USING btree ("workspace_id","kind","subject_key") WHERE "subject_key" is not null;--> statement-breakpoint
CREATE TABLE "alert_pending" (
	"rule_id" uuid NOT NULL REFERENCES "alert_rules"("id") ON DELETE cascade,
	"event_id" uuid NOT NULL REFERENCES "alert_events"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_pending_pk" PRIMARY KEY("rule_id","event_id")
);--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE cascade,
	"channel_id" uuid NOT NULL REFERENCES "alert_channels"("id") ON DELETE cascade,
	"rule_id" uuid REFERENCES "alert_rules"("id") ON DELETE set null,
	"task_id" uuid REFERENCES "tasks"("id") ON DELETE set null,
	"purpose" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_code" integer,
	"error" text,
	"idempotency_key" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "alert_deliveries_channel_idx" ON "alert_deliveries" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_workspace_idx" ON "alert_deliveries" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_task_idx" ON "alert_deliveries" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_alert_delivery_idx" ON "tasks" USING btree ("created_at") WHERE "kind" = 'alert-delivery' and "status" = 'queued';--> statement-breakpoint
CREATE TABLE "alert_tracker_links" (
	"channel_id" uuid NOT NULL REFERENCES "alert_channels"("id") ON DELETE cascade,
	"vulnerability_id" uuid NOT NULL REFERENCES "vulnerabilities"("id") ON DELETE cascade,
	"external_id" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_tracker_links_pk" PRIMARY KEY("channel_id","vulnerability_id")
);
