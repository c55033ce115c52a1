-- Endpoints per web asset (issue 30): what the discovery crawl found (links with parameters,
-- forms, scripts' endpoints), one row per asset + method + normalised URL, at most 2,000 per asset;
-- more are counted on the asset. A DAST scan fuzzes them.
CREATE TABLE IF NOT EXISTS "asset_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"url_key" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"body_type" text,
	"body" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_endpoints" ADD CONSTRAINT "asset_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "asset_endpoints" ADD CONSTRAINT "asset_endpoints_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "asset_endpoints_asset_method_url_idx" ON "asset_endpoints" USING btree ("asset_id","method","url_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "asset_endpoints_ws_asset_idx" ON "asset_endpoints" USING btree ("workspace_id","asset_id","last_seen_at");
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "endpoint_overflow" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A DAST scan (the scan form's opt-in, per scan like self_contained of 0026): handed to its runs'
-- tasks as options.dast with the endpoints of their assets as fuzz inputs.
ALTER TABLE "scans" ADD COLUMN "dast" boolean DEFAULT false NOT NULL;
