ALTER TABLE "staff_members" ADD COLUMN "totp_failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "totp_last_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "totp_locked_at" timestamp with time zone;