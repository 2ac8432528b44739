CREATE TABLE "commission_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_members" ADD CONSTRAINT "commission_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;