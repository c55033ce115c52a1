CREATE INDEX "assets_ws_updated_id_idx" ON "assets" USING btree ("workspace_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "assets_ws_host_idx" ON "assets" USING btree ("workspace_id","host","id");--> statement-breakpoint
CREATE INDEX "assets_ws_port_idx" ON "assets" USING btree ("workspace_id","port","id");--> statement-breakpoint
CREATE INDEX "assets_ws_status_idx" ON "assets" USING btree ("workspace_id","status","id");--> statement-breakpoint
CREATE INDEX "assets_ws_created_idx" ON "assets" USING btree ("workspace_id","created_at");