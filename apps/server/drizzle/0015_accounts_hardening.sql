-- Issue 15 (accounts): verified emails, single-use GitHub sign-in states, who created a worker key.
-- Existing accounts start unverified: their addresses were never checked, so GitHub sign-in
-- must not attach to them by email until their owner confirms it.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "github_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"browser_hash" text,
	"cli_redirect" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "github_oauth_states_expires_idx" ON "github_oauth_states" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workers_created_by_idx" ON "workers" USING btree ("workspace_id","created_by");
