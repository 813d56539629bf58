-- Where an off-campus posting is (issue 33): the exact pin, the admin's choice to show it exactly,
-- the approximate area's centre drawn when the pin is placed, the nearest shuttle stop's walk, and
-- the walking minutes to each campus place (posting_walk, written with the posting). Additive: a
-- previous build neither reads nor writes them.
CREATE TABLE "posting_walk" (
	"posting_id" uuid NOT NULL,
	"place_key" text NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "posting_walk_posting_id_place_key_pk" PRIMARY KEY("posting_id","place_key")
);
--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "pin_latitude" double precision;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "pin_longitude" double precision;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "pin_exact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "pin_area_latitude" double precision;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "pin_area_longitude" double precision;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "walk_stop_key" text;--> statement-breakpoint
ALTER TABLE "posting" ADD COLUMN "walk_stop_minutes" integer;--> statement-breakpoint
ALTER TABLE "posting_walk" ADD CONSTRAINT "posting_walk_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posting_walk_place_idx" ON "posting_walk" USING btree ("place_key","minutes","posting_id");