CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"rank" integer,
	"token_tickers" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text,
	"chains" text[] DEFAULT '{}'::text[] NOT NULL,
	"website" text,
	"description" text,
	"audit_status" text DEFAULT 'none' NOT NULL,
	"kyc_verified" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_id_slug" CHECK ("projects"."id" ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
	CONSTRAINT "projects_name_length" CHECK (char_length("projects"."name") between 1 and 200),
	CONSTRAINT "projects_rank_positive" CHECK ("projects"."rank" is null or "projects"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"website" text,
	"services" text[] NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_name_length" CHECK (char_length("quote_requests"."name") between 1 and 100),
	CONSTRAINT "quote_requests_email_length" CHECK (char_length("quote_requests"."email") between 3 and 254),
	CONSTRAINT "quote_requests_message_length" CHECK (char_length("quote_requests"."message") <= 5000),
	CONSTRAINT "quote_requests_services_nonempty" CHECK (cardinality("quote_requests"."services") > 0)
);
--> statement-breakpoint
CREATE INDEX "projects_rank_idx" ON "projects" USING btree ("rank");