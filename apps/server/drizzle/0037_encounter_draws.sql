CREATE TABLE "encounter_draws" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"slot" integer NOT NULL,
	"matched_user_id" integer NOT NULL,
	"shared_authors" integer NOT NULL,
	"shared_categories" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encounter_draws_user_id_day_slot_pk" PRIMARY KEY("user_id","day","slot")
);
--> statement-breakpoint
ALTER TABLE "encounter_draws" ADD CONSTRAINT "encounter_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounter_draws" ADD CONSTRAINT "encounter_draws_matched_user_id_users_id_fk" FOREIGN KEY ("matched_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;