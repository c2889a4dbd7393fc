ALTER TABLE "security_alerts" ADD COLUMN "protocol" text;--> statement-breakpoint
ALTER TABLE "security_alerts" ADD COLUMN "incident" jsonb;