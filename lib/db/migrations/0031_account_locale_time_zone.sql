ALTER TABLE "console_accounts" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "console_accounts" ADD COLUMN "time_zone" text;