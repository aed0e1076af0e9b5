ALTER TABLE "payment_intents" ADD COLUMN "pay_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_pay_token_idx" ON "payment_intents" USING btree ("pay_token");--> statement-breakpoint
-- Records approved before the payment page existed get their page too (122 random bits each).
UPDATE "payment_intents" SET "pay_token" = replace(gen_random_uuid()::text, '-', '') WHERE "payment_address" IS NOT NULL AND "pay_token" IS NULL;
