-- A scan run keeps the templates it skipped and the failures, with the engine's reason (issue 31):
-- the first 200 as a list, and counts of all.
ALTER TABLE "scan_histories" ADD COLUMN "skipped_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "scan_histories" ADD COLUMN "failure_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "scan_histories" ADD COLUMN "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;
