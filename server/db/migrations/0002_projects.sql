CREATE TABLE "audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"auditor" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"findings" jsonb NOT NULL,
	"report_url" text,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"description" text NOT NULL,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"contact" text,
	"status" text DEFAULT 'new' NOT NULL,
	"reporter_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_reports_description_length" CHECK (char_length("incident_reports"."description") between 20 and 5000),
	CONSTRAINT "incident_reports_links_count" CHECK (cardinality("incident_reports"."links") <= 5)
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
CREATE TABLE "project_scores" (
	"project_id" text PRIMARY KEY NOT NULL,
	"score" real NOT NULL,
	"pillars" jsonb NOT NULL,
	"methodology_version" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_scores_range" CHECK ("project_scores"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "security_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"amount_lost_usd" numeric(20, 2),
	"chain" text,
	"source_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"confidence" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"project_id" text NOT NULL,
	"voter_key" text NOT NULL,
	"vote" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_project_id_voter_key_pk" PRIMARY KEY("project_id","voter_key")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "socials" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_reports" ADD CONSTRAINT "incident_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_scores" ADD CONSTRAINT "project_scores_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD CONSTRAINT "security_alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_project_idx" ON "audits" USING btree ("project_id","published_at");--> statement-breakpoint
CREATE INDEX "audits_published_idx" ON "audits" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "incident_reports_status_idx" ON "incident_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "page_views_day_idx" ON "page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "project_scores_score_idx" ON "project_scores" USING btree ("score");--> statement-breakpoint
CREATE INDEX "security_alerts_occurred_idx" ON "security_alerts" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "security_alerts_project_idx" ON "security_alerts" USING btree ("project_id","occurred_at");