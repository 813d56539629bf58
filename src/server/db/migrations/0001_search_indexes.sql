CREATE INDEX "bookmark_user_created_idx" ON "bookmark" USING btree ("user_id","created_at" DESC NULLS LAST,"posting_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_location_sublet_idx" ON "posting" USING btree ("listing_location","sublet","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_location_gender_idx" ON "posting" USING btree ("listing_location",lower("admin_gender"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_location_year_idx" ON "posting" USING btree ("listing_location",lower("admin_academic_year"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posting_location_rent_idx" ON "posting" USING btree ("listing_location",COALESCE("rent_per_person", 2147483647),"id");--> statement-breakpoint
CREATE INDEX "posting_location_rent_end_idx" ON "posting" USING btree ("listing_location","rent_end");--> statement-breakpoint
CREATE INDEX "posting_location_rent_start_idx" ON "posting" USING btree ("listing_location","rent_start");