CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tat_us" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written: every API request rewrites its key's row; free room on each page lets PostgreSQL
-- update it in place (HOT) rather than move it to a new page.
ALTER TABLE "rate_limits" SET (fillfactor = 50);
