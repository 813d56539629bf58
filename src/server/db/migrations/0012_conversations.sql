CREATE TABLE "conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ping_id" uuid NOT NULL,
	"posting_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_ping_id_unique" UNIQUE("ping_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_message" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_message_length" CHECK (char_length("conversation_message"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "conversation_participant" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	"share_email" boolean DEFAULT false NOT NULL,
	"share_phone" boolean DEFAULT false NOT NULL,
	"share_instagram" boolean DEFAULT false NOT NULL,
	"emailed_at" timestamp with time zone,
	"emailed_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_participant_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unread_email" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_event" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_seq" bigint NOT NULL,
	"reporter_user_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_block" (
	"blocker_user_id" text NOT NULL,
	"blocked_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_block_blocker_user_id_blocked_user_id_pk" PRIMARY KEY("blocker_user_id","blocked_user_id"),
	CONSTRAINT "student_block_not_self" CHECK ("student_block"."blocker_user_id" <> "student_block"."blocked_user_id")
);
--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_ping_id_ping_id_fk" FOREIGN KEY ("ping_id") REFERENCES "public"."ping"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_message" ADD CONSTRAINT "conversation_message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_message" ADD CONSTRAINT "conversation_message_sender_user_id_user_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participant" ADD CONSTRAINT "conversation_participant_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participant" ADD CONSTRAINT "conversation_participant_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_setting" ADD CONSTRAINT "conversation_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_event" ADD CONSTRAINT "live_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_report" ADD CONSTRAINT "message_report_message_seq_conversation_message_seq_fk" FOREIGN KEY ("message_seq") REFERENCES "public"."conversation_message"("seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_report" ADD CONSTRAINT "message_report_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_block" ADD CONSTRAINT "student_block_blocker_user_id_user_id_fk" FOREIGN KEY ("blocker_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_block" ADD CONSTRAINT "student_block_blocked_user_id_user_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_posting_idx" ON "conversation" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "conversation_message_conversation_idx" ON "conversation_message" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "conversation_message_sender_idx" ON "conversation_message" USING btree ("sender_user_id","created_at");--> statement-breakpoint
CREATE INDEX "conversation_participant_user_idx" ON "conversation_participant" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_event_user_seq_idx" ON "live_event" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "live_event_created_idx" ON "live_event" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_report_once_idx" ON "message_report" USING btree ("message_seq","reporter_user_id");--> statement-breakpoint
CREATE INDEX "message_report_open_idx" ON "message_report" USING btree ("created_at") WHERE "message_report"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "student_block_blocked_idx" ON "student_block" USING btree ("blocked_user_id");--> statement-breakpoint
-- Every existing ping opens its conversation (issue 19, decision 0027), its message the first message,
-- oldest first so the sequence follows time. What was already in Pings Received counts as read for
-- the group (its admin and joined members): the migration adds nothing unread.
INSERT INTO "conversation" ("ping_id", "posting_id", "created_at")
SELECT p."id", p."posting_id", p."created_at" FROM "ping" p ORDER BY p."created_at", p."id";--> statement-breakpoint
INSERT INTO "conversation_message" ("conversation_id", "sender_user_id", "body", "created_at")
SELECT c."id", p."searcher_user_id", left(btrim(p."message"), 2000), p."created_at"
FROM "ping" p JOIN "conversation" c ON c."ping_id" = p."id"
WHERE p."message" IS NOT NULL AND btrim(p."message") <> ''
ORDER BY p."created_at", p."id";--> statement-breakpoint
INSERT INTO "conversation_participant" ("conversation_id", "user_id", "read_seq")
SELECT c."id", g."user_id", coalesce((SELECT max(m."seq") FROM "conversation_message" m WHERE m."conversation_id" = c."id"), 0)
FROM "conversation" c
JOIN (
  SELECT po."id" AS "posting_id", po."admin_user_id" AS "user_id" FROM "posting" po
  UNION
  SELECT pm."posting_id", pm."user_id" FROM "posting_member" pm WHERE pm."state" = 'joined' AND pm."user_id" IS NOT NULL
) g ON g."posting_id" = c."posting_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Each student's live events are announced to every server (src/server/conversations/live.ts),
-- on the channel the caches already hear (decision 0006).
CREATE FUNCTION quadmates_announce_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quadmates_changes', 'live:' || NEW.user_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER live_event_announce AFTER INSERT ON "live_event"
  FOR EACH ROW EXECUTE FUNCTION quadmates_announce_live_event();
