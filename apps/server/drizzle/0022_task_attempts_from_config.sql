-- DIDBAN_TASK_MAX_ATTEMPTS could lower a task's attempts but never raise them: every task not
-- given its own bound got the column's default of 3, and a claim is bounded by the lower of the
-- two. The chaos bench (issue 21) set 8 and saw scan chunks fail after their third lost lease.
-- A task now has a bound of its own only when it was given one (scan-now runs, alert
-- deliveries); otherwise the installation's applies (least() ignores the null).
ALTER TABLE "tasks" ALTER COLUMN "max_attempts" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "max_attempts" DROP NOT NULL;
--> statement-breakpoint
UPDATE tasks SET max_attempts = NULL
WHERE max_attempts = 3 AND kind <> 'alert-delivery' AND status IN ('queued', 'leased');
