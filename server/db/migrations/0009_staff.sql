CREATE TABLE "alert_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"changes" jsonb NOT NULL,
	"editor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_revisions_reason_length" CHECK (char_length("alert_revisions"."reason") between 3 and 1000)
);
--> statement-breakpoint
CREATE TABLE "project_score_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"score" real NOT NULL,
	"pillars" jsonb NOT NULL,
	"methodology_version" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"changed_by_user_id" uuid,
	"is_demo" boolean DEFAULT false NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_score_history_range" CHECK ("project_score_history"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_verified_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "started_on" date;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "ended_on" date;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "finding_items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "report_file" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "alert_id" uuid;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "resolved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "contracts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "amount_returned_usd" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "technique" text;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "from_report_id" uuid;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_revisions" ADD CONSTRAINT "alert_revisions_alert_id_security_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."security_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_revisions" ADD CONSTRAINT "alert_revisions_editor_user_id_users_id_fk" FOREIGN KEY ("editor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_score_history" ADD CONSTRAINT "project_score_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_score_history" ADD CONSTRAINT "project_score_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_user_id_staff_members_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_members"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_verified_sessions" ADD CONSTRAINT "staff_verified_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_revisions_alert_idx" ON "alert_revisions" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE INDEX "project_score_history_project_idx" ON "project_score_history" USING btree ("project_id","recorded_at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_created_idx" ON "staff_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_log_entity_idx" ON "staff_audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "staff_invitations_email_idx" ON "staff_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_user_idx" ON "staff_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_verified_sessions_user_idx" ON "staff_verified_sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_alert_id_security_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."security_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_status_idx" ON "quote_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_auditor_length" CHECK (char_length("audits"."auditor") between 1 and 200);--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_notes_length" CHECK (char_length("quote_requests"."notes") <= 10000);--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_title_length" CHECK (char_length("security_alerts"."title") between 1 and 200);--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_amounts" CHECK (("security_alerts"."amount_lost_usd" is null or "security_alerts"."amount_lost_usd" >= 0) and ("security_alerts"."amount_returned_usd" is null or "security_alerts"."amount_returned_usd" >= 0));--> statement-breakpoint
UPDATE "security_alerts" SET "published_at" = "occurred_at" WHERE "status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
INSERT INTO "project_score_history" ("project_id", "score", "pillars", "methodology_version", "is_demo", "recorded_at")
  SELECT "project_id", "score", "pillars", "methodology_version", "is_demo", "updated_at" FROM "project_scores";--> statement-breakpoint
CREATE FUNCTION staff_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER staff_audit_log_no_change BEFORE UPDATE OR DELETE ON "staff_audit_log" FOR EACH ROW EXECUTE FUNCTION staff_audit_log_append_only();
