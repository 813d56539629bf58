CREATE TABLE "moderation_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_user_id" text,
	"moderator_email" text,
	"action" text NOT NULL,
	"posting_id" uuid,
	"posting_label" text,
	"target_user_id" text,
	"target_email" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"reporter_user_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "renewal_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "renewal_nonce" uuid;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "stale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "hidden_kind" text;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "moderation_action" ADD CONSTRAINT "moderation_action_moderator_user_id_user_id_fk" FOREIGN KEY ("moderator_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_action" ADD CONSTRAINT "moderation_action_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_action" ADD CONSTRAINT "moderation_action_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_report" ADD CONSTRAINT "posting_report_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_report" ADD CONSTRAINT "posting_report_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_action_created_idx" ON "moderation_action" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "posting_report_once_idx" ON "posting_report" USING btree ("posting_id","reporter_user_id");--> statement-breakpoint
CREATE INDEX "posting_report_open_idx" ON "posting_report" USING btree ("posting_id") WHERE "posting_report"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "posting_renewal_due_idx" ON "posting" USING btree ("updated_at") WHERE "posting"."renewal_reminded_at" IS NULL AND "posting"."stale_at" IS NULL AND "posting"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "posting_reminded_idx" ON "posting" USING btree ("renewal_reminded_at") WHERE "posting"."renewal_reminded_at" IS NOT NULL AND "posting"."stale_at" IS NULL;--> statement-breakpoint
CREATE INDEX "posting_appealed_idx" ON "posting" USING btree ("appealed_at") WHERE "posting"."appealed_at" IS NOT NULL;