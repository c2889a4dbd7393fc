CREATE TABLE "skynet_contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"rpc_url" text,
	"abi" jsonb NOT NULL,
	"from_block" bigint NOT NULL,
	"cursor_block" bigint,
	"head_block" bigint,
	"last_error" text,
	"last_indexed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skynet_contracts_address_format" CHECK ("skynet_contracts"."address" ~ '^0x[0-9a-f]{40}$'),
	CONSTRAINT "skynet_contracts_from_block" CHECK ("skynet_contracts"."from_block" >= 0)
);
--> statement-breakpoint
CREATE TABLE "skynet_events" (
	"contract_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"name" text,
	"args" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "skynet_events_contract_id_block_number_log_index_pk" PRIMARY KEY("contract_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "skynet_known_contracts" (
	"project_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"symbol" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "skynet_known_contracts_project_id_chain_id_address_pk" PRIMARY KEY("project_id","chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "skynet_metric_points" (
	"series" text NOT NULL,
	"name" text NOT NULL,
	"labels" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"detail" jsonb,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "skynet_metric_points_series_at_pk" PRIMARY KEY("series","at")
);
--> statement-breakpoint
CREATE TABLE "skynet_privileged_addresses" (
	"contract_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"privilege" text NOT NULL,
	"label" text NOT NULL,
	"active" boolean NOT NULL,
	"since_block" bigint,
	"since_tx" text,
	"evidence" jsonb NOT NULL,
	CONSTRAINT "skynet_privileged_addresses_contract_id_holder_privilege_pk" PRIMARY KEY("contract_id","holder","privilege")
);
--> statement-breakpoint
CREATE TABLE "skynet_privileged_functions" (
	"contract_id" uuid NOT NULL,
	"selector" text NOT NULL,
	"signature" text NOT NULL,
	"evidence" jsonb NOT NULL,
	CONSTRAINT "skynet_privileged_functions_contract_id_selector_pk" PRIMARY KEY("contract_id","selector")
);
--> statement-breakpoint
CREATE TABLE "skynet_social_activity" (
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"day" date NOT NULL,
	"value" double precision NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "skynet_social_activity_project_id_type_day_pk" PRIMARY KEY("project_id","type","day")
);
--> statement-breakpoint
CREATE TABLE "skynet_transactions" (
	"contract_id" uuid NOT NULL,
	"project_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"from_address" text NOT NULL,
	"selector" text NOT NULL,
	"function_name" text,
	"succeeded" boolean NOT NULL,
	CONSTRAINT "skynet_transactions_contract_id_tx_hash_pk" PRIMARY KEY("contract_id","tx_hash")
);
--> statement-breakpoint
ALTER TABLE "skynet_contracts" ADD CONSTRAINT "skynet_contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skynet_events" ADD CONSTRAINT "skynet_events_contract_id_skynet_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."skynet_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skynet_known_contracts" ADD CONSTRAINT "skynet_known_contracts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skynet_privileged_addresses" ADD CONSTRAINT "skynet_privileged_addresses_contract_id_skynet_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."skynet_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skynet_privileged_functions" ADD CONSTRAINT "skynet_privileged_functions_contract_id_skynet_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."skynet_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skynet_social_activity" ADD CONSTRAINT "skynet_social_activity_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skynet_transactions" ADD CONSTRAINT "skynet_transactions_contract_id_skynet_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."skynet_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skynet_contracts_project_chain_address_idx" ON "skynet_contracts" USING btree ("project_id","chain_id","address");--> statement-breakpoint
CREATE INDEX "skynet_contracts_address_idx" ON "skynet_contracts" USING btree ("address");--> statement-breakpoint
CREATE INDEX "skynet_events_project_name_idx" ON "skynet_events" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "skynet_events_contract_name_idx" ON "skynet_events" USING btree ("contract_id","name","block_number");--> statement-breakpoint
CREATE INDEX "skynet_transactions_block_idx" ON "skynet_transactions" USING btree ("contract_id","block_number");--> statement-breakpoint
CREATE INDEX "skynet_transactions_project_caller_idx" ON "skynet_transactions" USING btree ("project_id","from_address");--> statement-breakpoint
CREATE INDEX "skynet_transactions_project_function_idx" ON "skynet_transactions" USING btree ("project_id","function_name");--> statement-breakpoint
CREATE INDEX "skynet_transactions_selector_idx" ON "skynet_transactions" USING btree ("contract_id","selector","block_number");