CREATE TABLE "approval_policy_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"record_kind" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"version_at" timestamp (3) with time zone NOT NULL,
	"step" integer NOT NULL,
	"approver_uid" text NOT NULL,
	"approver_name" text NOT NULL,
	"org_manage" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_policy_versions" ADD CONSTRAINT "approval_policy_versions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_policy_versions_org_kind_idx" ON "approval_policy_versions" USING btree ("org_id","record_kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_version_step_idx" ON "approvals" USING btree ("owner_type","owner_id","version_at","step");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_version_approver_idx" ON "approvals" USING btree ("owner_type","owner_id","version_at","approver_uid");