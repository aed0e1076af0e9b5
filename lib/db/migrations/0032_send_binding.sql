-- Issue 37 §1: what a chain send does is bound by a MAC at planning (no MAC can be computed here:
-- the key needs STUDIO_SECRET). Rows from before this migration are bound at start-up only if their
-- signed transaction proves their columns, else quarantined (lib/studio/chain/evm/unbound-sends.ts).
ALTER TABLE "chain_sends" ADD COLUMN "binding_mac" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "binding_violation" text;--> statement-breakpoint
ALTER TABLE "chain_sends" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chain_sends_quarantined_idx" ON "chain_sends" USING btree ("org_id","chain_id") WHERE "chain_sends"."status" = 'quarantined';
