CREATE TABLE "console_known_addresses" (
	"account_id" integer NOT NULL,
	"address" text NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_known_addresses_account_id_address_pk" PRIMARY KEY("account_id","address")
);
--> statement-breakpoint
CREATE TABLE "secret_checks" (
	"name" text PRIMARY KEY NOT NULL,
	"check_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_known_addresses" ADD CONSTRAINT "console_known_addresses_account_id_console_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."console_accounts"("id") ON DELETE cascade ON UPDATE no action;