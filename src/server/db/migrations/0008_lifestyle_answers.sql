CREATE TABLE "lifestyle_answer" (
	"user_id" text NOT NULL,
	"question" text NOT NULL,
	"self" smallint NOT NULL,
	"accept" integer NOT NULL,
	"importance" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lifestyle_answer_user_id_question_pk" PRIMARY KEY("user_id","question"),
	CONSTRAINT "lifestyle_answer_values" CHECK ("lifestyle_answer"."self" BETWEEN 0 AND 7 AND "lifestyle_answer"."accept" BETWEEN 1 AND 255 AND "lifestyle_answer"."importance" BETWEEN 0 AND 2)
);
--> statement-breakpoint
ALTER TABLE "lifestyle_answer" ADD CONSTRAINT "lifestyle_answer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;