CREATE TABLE "audit_code" (
	"audit_id" uuid PRIMARY KEY NOT NULL,
	"repository" text,
	"commit" text,
	"files" jsonb NOT NULL,
	"compiler_version" text NOT NULL,
	"optimizer" boolean NOT NULL,
	"runs" integer NOT NULL,
	"evm_version" text,
	"via_ir" boolean DEFAULT false NOT NULL,
	"contracts" jsonb NOT NULL,
	"deployments" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_compilations" (
	"key" text PRIMARY KEY NOT NULL,
	"compiler_version" text NOT NULL,
	"contracts" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_matches" (
	"audit_id" uuid NOT NULL,
	"contract" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"detail" text,
	"implementation" text,
	"audited_implementation" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_matches_audit_id_contract_chain_id_address_pk" PRIMARY KEY("audit_id","contract","chain_id","address"),
	CONSTRAINT "code_matches_address_format" CHECK ("code_matches"."address" ~ '^0x[0-9a-f]{40}$')
);
--> statement-breakpoint
ALTER TABLE "audit_code" ADD CONSTRAINT "audit_code_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_matches" ADD CONSTRAINT "code_matches_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_matches_implementation_idx" ON "code_matches" USING btree ("chain_id","implementation");