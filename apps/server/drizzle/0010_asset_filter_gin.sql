-- Inventory filters on list-valued columns: an address among the comma-separated `ip`
-- (string_to_array(ip, ',') && array[...]) and a technology by name or slug (technologies @> ...).
CREATE INDEX IF NOT EXISTS assets_ip_list_idx ON assets USING gin (string_to_array(ip, ','));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS assets_technologies_idx ON assets USING gin (technologies jsonb_path_ops);
