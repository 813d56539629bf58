CREATE TABLE "member_sharing" (
	"user_id" text PRIMARY KEY NOT NULL,
	"academic_year" text,
	"gender" text,
	"custom_gender" text,
	"phone_number" text,
	"instagram_handle" text,
	"share_academic_year" boolean DEFAULT false NOT NULL,
	"share_gender" boolean DEFAULT false NOT NULL,
	"share_email" boolean DEFAULT false NOT NULL,
	"share_phone_number" boolean DEFAULT false NOT NULL,
	"share_instagram_handle" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "state" text DEFAULT 'not-invited' NOT NULL;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "spent_token_hash" text;--> statement-breakpoint
ALTER TABLE "posting_member" ADD COLUMN "spent_reason" text;--> statement-breakpoint
ALTER TABLE "member_sharing" ADD CONSTRAINT "member_sharing_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_member" ADD CONSTRAINT "posting_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posting_member_user_idx" ON "posting_member" USING btree ("posting_id","user_id") WHERE "posting_member"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posting_member_user_joined_idx" ON "posting_member" USING btree ("user_id") WHERE "posting_member"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "posting_member_token_idx" ON "posting_member" USING btree ("invitation_token_hash") WHERE "posting_member"."invitation_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posting_member_spent_token_idx" ON "posting_member" USING btree ("spent_token_hash") WHERE "posting_member"."spent_token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posting_member_invited_email_idx" ON "posting_member" USING btree (lower("email")) WHERE "posting_member"."state" = 'invited';--> statement-breakpoint
ALTER TABLE "posting_member" ADD CONSTRAINT "posting_member_state" CHECK ("posting_member"."state" IN ('not-invited', 'invited', 'joined', 'declined'));--> statement-breakpoint
ALTER TABLE "posting_member" ADD CONSTRAINT "posting_member_role" CHECK ("posting_member"."role" IN ('admin', 'coadmin', 'member'));--> statement-breakpoint
ALTER TABLE "posting_member" ADD CONSTRAINT "posting_member_joined_user" CHECK ("posting_member"."state" <> 'joined' OR "posting_member"."user_id" IS NOT NULL);--> statement-breakpoint
-- Existing groups (issue 23, decision 0024): the admin's own row (member 1) is the admin, joined;
-- every other row is a name the admin typed, not invited, linked to no account.
UPDATE "posting_member" m SET "state" = 'joined', "role" = 'admin', "user_id" = p."admin_user_id", "joined_at" = p."created_at"
FROM "posting" p WHERE p."id" = m."posting_id" AND m."position" = 0;
