-- Issue 30, conversation events coalesce: a new unread total or "read this conversation again"
-- deletes the recipient's older one, found through this index (at most one row a student and one a
-- conversation), however many message events the day holds.
CREATE INDEX "live_event_replaceable_idx" ON "live_event" USING btree ("user_id","type") WHERE "live_event"."type" IN ('unread', 'conversation');