CREATE TABLE "agreement_revisit_mail" (
	"posting_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"revisit_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_revisit_mail_posting_id_user_id_revisit_on_pk" PRIMARY KEY("posting_id","user_id","revisit_on")
);
--> statement-breakpoint
ALTER TABLE "agreement_revisit_mail" ADD CONSTRAINT "agreement_revisit_mail_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_revisit_mail" ADD CONSTRAINT "agreement_revisit_mail_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;