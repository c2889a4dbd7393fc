CREATE TABLE "skynet_chain_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	CONSTRAINT "skynet_chain_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "skynet_chains" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"indexed_block" bigint,
	"head_block" bigint,
	"indexed_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "skynet_contracts" ADD COLUMN "live_from_block" bigint;