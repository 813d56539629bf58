-- A message's client key (issue 32's topology test): a send repeated after its answer was lost finds
-- the saved message instead of saving it twice. Additive: a previous build never writes the column.
ALTER TABLE "conversation_message" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_message_client_key_idx" ON "conversation_message" USING btree ("sender_user_id","conversation_id","client_key") WHERE "conversation_message"."client_key" IS NOT NULL;