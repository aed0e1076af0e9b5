ALTER TABLE "console_accounts" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "console_accounts" ADD COLUMN "studio_uid" text;--> statement-breakpoint
CREATE INDEX "console_accounts_studio_uid_idx" ON "console_accounts" USING btree ("studio_uid");