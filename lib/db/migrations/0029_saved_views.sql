CREATE TABLE "saved_views" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_uid" text NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_list_name_idx" ON "saved_views" USING btree ("user_uid","list","name");--> statement-breakpoint
CREATE INDEX "saved_views_org_user_idx" ON "saved_views" USING btree ("org_id","user_uid","list");