CREATE TABLE "agreement_signature" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posting_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"typed_name" text NOT NULL,
	"text_hash" text NOT NULL,
	"parties" jsonb NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_version" (
	"posting_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"clauses" jsonb NOT NULL,
	"text_hash" text NOT NULL,
	"edited_by_user_id" text,
	"edited_by_name" text,
	"changed_clause" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_version_posting_id_version_pk" PRIMARY KEY("posting_id","version"),
	CONSTRAINT "agreement_version_positive" CHECK ("agreement_version"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "agreement_signature" ADD CONSTRAINT "agreement_signature_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signature" ADD CONSTRAINT "agreement_signature_version_fk" FOREIGN KEY ("posting_id","version") REFERENCES "public"."agreement_version"("posting_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_version" ADD CONSTRAINT "agreement_version_posting_id_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."posting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_version" ADD CONSTRAINT "agreement_version_edited_by_user_id_user_id_fk" FOREIGN KEY ("edited_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signature_once" ON "agreement_signature" USING btree ("posting_id","version","user_id");