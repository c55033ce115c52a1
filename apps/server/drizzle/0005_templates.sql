CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"name" text NOT NULL,
	"severity" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"protocol" text NOT NULL,
	"author" text[] DEFAULT '{}' NOT NULL,
	"rejected_reason" text,
	"yaml" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_workspace_template_id_idx" ON "templates" USING btree ("workspace_id","template_id");--> statement-breakpoint
CREATE INDEX "templates_workspace_updated_idx" ON "templates" USING btree ("workspace_id","updated_at");