CREATE TABLE "student_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_usage_amount" CHECK ("student_usage"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "student_usage" ADD CONSTRAINT "student_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_usage_user_kind_idx" ON "student_usage" USING btree ("user_id","kind","created_at");