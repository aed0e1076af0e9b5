-- A record's callback_url gets one body per status change (issue 37 §5): each callback row names
-- the change it announces (its status_logs row), and no change can be announced twice.
ALTER TABLE "webhook_events" ADD COLUMN "callback_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_callback_key_idx" ON "webhook_events" ("callback_key") WHERE "callback_key" IS NOT NULL;
