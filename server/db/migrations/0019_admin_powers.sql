CREATE TABLE "admin_powers" (
	"contract_id" uuid PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	"implementation" text,
	"proxy_admin" text,
	"holders" jsonb NOT NULL,
	"powers" jsonb NOT NULL,
	"summary" text NOT NULL,
	"risk_level" text NOT NULL,
	"risk_rule" text NOT NULL,
	"block_number" bigint NOT NULL,
	"evidence" jsonb NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_powers_risk_level" CHECK ("admin_powers"."risk_level" in ('low', 'medium', 'high'))
);
--> statement-breakpoint
ALTER TABLE "admin_powers" ADD CONSTRAINT "admin_powers_contract_id_skynet_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."skynet_contracts"("id") ON DELETE cascade ON UPDATE no action;