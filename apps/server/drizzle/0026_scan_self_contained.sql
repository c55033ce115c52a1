-- Self-contained templates run on opt-in per scan (issue 31): the scan form's checkbox, stored
-- with the scan and handed to each of its runs' tasks as options.self_contained.
ALTER TABLE "scans" ADD COLUMN "self_contained" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- What a worker reported at its last hello: its capability gates and out-of-band server.
ALTER TABLE "workers" ADD COLUMN "capabilities" jsonb;
