CREATE TABLE "alert_mail_windows" (
	"workspace_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_mail_windows_pk" PRIMARY KEY("workspace_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "alert_mail_windows" ADD CONSTRAINT "alert_mail_windows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;
