-- Issue 19, contact by consent: the detail view shows an admin's phone and Instagram only when the
-- admin ticked them for that posting. Postings saved before stay hidden until their admin ticks them.
ALTER TABLE "posting" ADD COLUMN "admin_shows_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "admin_shows_instagram" boolean DEFAULT false NOT NULL;