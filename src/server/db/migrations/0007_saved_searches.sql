CREATE TABLE "saved_search" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"alert" text DEFAULT 'daily' NOT NULL,
	"filters" jsonb NOT NULL,
	"location" text NOT NULL,
	"match_dorm" text DEFAULT '' NOT NULL,
	"match_aim" integer DEFAULT 0 NOT NULL,
	"match_seek" integer DEFAULT 0 NOT NULL,
	"match_gender" text DEFAULT '' NOT NULL,
	"match_year" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_alert" CHECK ("saved_search"."alert" IN ('immediately', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_alert_sent" (
	"user_id" text NOT NULL,
	"posting_id" uuid NOT NULL,
	"saved_search_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_alert_sent_user_id_posting_id_pk" PRIMARY KEY("user_id","posting_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_digest" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_cutoff" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_digest_item" (
	"user_id" text NOT NULL,
	"posting_id" uuid NOT NULL,
	"saved_search_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_digest_item_user_id_posting_id_pk" PRIMARY KEY("user_id","posting_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alert_sent" ADD CONSTRAINT "saved_search_alert_sent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alert_sent" ADD CONSTRAINT "saved_search_alert_sent_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alert_sent" ADD CONSTRAINT "saved_search_alert_sent_saved_search_id_saved_search_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_search"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_digest" ADD CONSTRAINT "saved_search_digest_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_digest_item" ADD CONSTRAINT "saved_search_digest_item_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_digest_item" ADD CONSTRAINT "saved_search_digest_item_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_digest_item" ADD CONSTRAINT "saved_search_digest_item_saved_search_id_saved_search_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_event" ADD CONSTRAINT "saved_search_event_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_user_idx" ON "saved_search" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_search_match_idx" ON "saved_search" USING btree ("location","match_dorm","match_aim","match_seek","match_gender","match_year") WHERE "saved_search"."alert" <> 'off';--> statement-breakpoint
CREATE INDEX "saved_search_alert_sent_posting_idx" ON "saved_search_alert_sent" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "saved_search_digest_item_created_idx" ON "saved_search_digest_item" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "saved_search_digest_item_search_idx" ON "saved_search_digest_item" USING btree ("saved_search_id");--> statement-breakpoint
CREATE INDEX "saved_search_digest_item_posting_idx" ON "saved_search_digest_item" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "saved_search_event_created_idx" ON "saved_search_event" USING btree ("created_at");