CREATE TABLE "document_versions" (
	"kind" varchar(24) NOT NULL,
	"document_id" varchar(40) NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb NOT NULL,
	"operator_id" integer,
	"operator_name" varchar(32),
	"restored_from" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_kind_document_id_version_pk" PRIMARY KEY("kind","document_id","version")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "codes" varchar(40)[];--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;