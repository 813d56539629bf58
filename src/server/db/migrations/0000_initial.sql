CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookmark" (
	"user_id" text NOT NULL,
	"posting_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmark_user_id_posting_id_pk" PRIMARY KEY("user_id","posting_id")
);
--> statement-breakpoint
CREATE TABLE "contact_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ping" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"searcher_user_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"searcher_email" text NOT NULL,
	"message" text,
	"admin_user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_location" text NOT NULL,
	"dorm" text,
	"address" text,
	"admin_user_id" text NOT NULL,
	"admin_name" text NOT NULL,
	"admin_email" text,
	"admin_academic_year" text NOT NULL,
	"admin_gender" text NOT NULL,
	"admin_custom_gender" text,
	"admin_phone" text,
	"admin_instagram" text,
	"aim_integer" integer NOT NULL,
	"cur_group_size" integer NOT NULL,
	"cur_num_seek" integer NOT NULL,
	"monthly_rent" integer,
	"rent_type" text,
	"rent_per_person" integer,
	"rent_start" date,
	"rent_end" date,
	"utilities" text,
	"sublet" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Unfulfilled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posting_location_fields" CHECK (("posting"."listing_location" = 'oncampus' AND "posting"."dorm" IS NOT NULL AND "posting"."address" IS NULL) OR ("posting"."listing_location" = 'offcampus' AND "posting"."address" IS NOT NULL AND "posting"."dorm" IS NULL)),
	CONSTRAINT "posting_sizes" CHECK ("posting"."cur_group_size" >= 1 AND "posting"."cur_num_seek" >= 1 AND "posting"."aim_integer" = "posting"."cur_group_size" + "posting"."cur_num_seek"),
	CONSTRAINT "posting_rent_period" CHECK ("posting"."rent_end" IS NULL OR "posting"."rent_start" IS NULL OR "posting"."rent_end" >= "posting"."rent_start")
);
--> statement-breakpoint
CREATE TABLE "posting_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"card_key" text NOT NULL,
	"full_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posting_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"academic_year" text NOT NULL,
	"gender" text NOT NULL,
	"custom_gender" text,
	"email" text,
	"instagram_handle" text
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark" ADD CONSTRAINT "bookmark_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmark" ADD CONSTRAINT "bookmark_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ping" ADD CONSTRAINT "ping_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ping" ADD CONSTRAINT "ping_searcher_user_id_user_id_fk" FOREIGN KEY ("searcher_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ping" ADD CONSTRAINT "ping_admin_user_id_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting" ADD CONSTRAINT "posting_admin_user_id_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_image" ADD CONSTRAINT "posting_image_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posting_member" ADD CONSTRAINT "posting_member_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bookmark_posting_idx" ON "bookmark" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ping_posting_idx" ON "ping" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ping_searcher_idx" ON "ping" USING btree ("searcher_user_id");--> statement-breakpoint
CREATE INDEX "posting_location_created_idx" ON "posting" USING btree ("listing_location","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_location_dorm_idx" ON "posting" USING btree ("listing_location","dorm","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_location_aim_idx" ON "posting" USING btree ("listing_location","aim_integer","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_location_seek_idx" ON "posting" USING btree ("listing_location","cur_num_seek","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_admin_idx" ON "posting" USING btree ("admin_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "posting_image_position_idx" ON "posting_image" USING btree ("posting_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "posting_member_position_idx" ON "posting_member" USING btree ("posting_id","position");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");