CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"link" text,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
DROP INDEX "ping_searcher_idx";--> statement-breakpoint
ALTER TABLE "ping" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ping_open_per_sender_idx" ON "ping" USING btree ("posting_id","searcher_user_id") WHERE "ping"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ping_admin_created_idx" ON "ping" USING btree ("admin_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ping_admin_pending_idx" ON "ping" USING btree ("admin_user_id") WHERE "ping"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ping_searcher_created_idx" ON "ping" USING btree ("searcher_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ping_pending_created_idx" ON "ping" USING btree ("created_at") WHERE "ping"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "ping" ADD CONSTRAINT "ping_status" CHECK ("ping"."status" IN ('pending', 'accepted', 'declined', 'closed', 'expired'));--> statement-breakpoint
-- Hand-written: a new message in the outbox wakes every server's worker at once (one of them
-- claims it, FOR UPDATE SKIP LOCKED), rather than waiting for the next poll.
CREATE FUNCTION quadmates_announce_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quadmates_changes', 'outbox');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER mail_outbox_announce AFTER INSERT ON "mail_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION quadmates_announce_outbox();
