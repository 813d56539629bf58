CREATE TABLE "posting_fulfilment" (
	"posting_id" uuid PRIMARY KEY NOT NULL,
	"fulfilled_at" timestamp with time zone DEFAULT now() NOT NULL
);
