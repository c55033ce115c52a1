-- The report's findings order (issue 33; apps/server/src/reports/stream-findings.ts): most severe
-- first, then template id, host and id. Without an index of that order each page of 250 sorted the
-- scope's rows past its cursor (~150 ms a page at 100,000 findings, ~400 pages); with it a page is
-- an index range.
CREATE INDEX IF NOT EXISTS "vulnerabilities_report_order_idx" ON "vulnerabilities" USING btree ("workspace_id","severity_rank" DESC NULLS LAST,"template_id","host","id");
