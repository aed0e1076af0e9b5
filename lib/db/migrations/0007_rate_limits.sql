CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tat_us" bigint NOT NULL
);--> statement-breakpoint
-- Hand-written. Every API request rewrites its key's row. UNLOGGED: no WAL, so a commit that
-- touches only this table is not flushed to disk (bench/rate-limit.ts: ~4 ms less per request on
-- PostgreSQL); a crash empties the table, which only gives every key its full burst back.
ALTER TABLE "rate_limits" SET UNLOGGED;--> statement-breakpoint
-- Free room on each page lets PostgreSQL update a row in place (HOT) rather than move it.
ALTER TABLE "rate_limits" SET (fillfactor = 50);
