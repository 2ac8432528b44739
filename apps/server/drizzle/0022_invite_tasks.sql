CREATE TABLE "activity_guide_steps" (
	"activity_code" varchar(40) NOT NULL,
	"step_no" smallint NOT NULL,
	"title" varchar(40) NOT NULL,
	"text" text NOT NULL,
	"image_url" text,
	"image_width" integer,
	"image_height" integer,
	CONSTRAINT "activity_guide_steps_activity_code_step_no_pk" PRIMARY KEY("activity_code","step_no"),
	CONSTRAINT "activity_guide_steps_no_check" CHECK ("activity_guide_steps"."step_no" > 0),
	CONSTRAINT "activity_guide_steps_image_check" CHECK (("activity_guide_steps"."image_url" is null) = ("activity_guide_steps"."image_width" is null) and ("activity_guide_steps"."image_url" is null) = ("activity_guide_steps"."image_height" is null))
);
--> statement-breakpoint
CREATE TABLE "activity_guides" (
	"activity_code" varchar(40) PRIMARY KEY NOT NULL,
	"title" varchar(60) NOT NULL,
	"intro" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_picks" (
	"content_id" integer PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"reason" varchar(40) NOT NULL,
	"picked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_picks_source_check" CHECK ("content_picks"."source" in ('editor', 'rule'))
);
--> statement-breakpoint
ALTER TABLE "activity_guide_steps" ADD CONSTRAINT "activity_guide_steps_activity_code_activity_guides_activity_code_fk" FOREIGN KEY ("activity_code") REFERENCES "public"."activity_guides"("activity_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_guides" ADD CONSTRAINT "activity_guides_activity_code_activities_code_fk" FOREIGN KEY ("activity_code") REFERENCES "public"."activities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_picks" ADD CONSTRAINT "content_picks_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_picks" ADD CONSTRAINT "content_picks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_picks_author_idx" ON "content_picks" USING btree ("author_id","picked_at","content_id");