ALTER TABLE "payment_intents" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refund_attachments" jsonb;