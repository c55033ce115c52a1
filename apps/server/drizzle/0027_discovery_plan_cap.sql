-- Plan caps on discovery results (issue 34 item 7): a discovery stores new assets only up to the
-- workspace's plan; the rest are counted and listed (host:port, first 1,000) on its history entry.
ALTER TABLE "enumeration_histories" ADD COLUMN "over_limit" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "enumeration_histories" ADD COLUMN "over_limit_hosts" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "enumeration_histories" ADD COLUMN "asset_limit" integer;
