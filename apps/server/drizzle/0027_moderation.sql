CREATE TABLE "user_bans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp (3) with time zone NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer,
	"operator_name" varchar(32) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "taken_down_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "taken_down_reason" text;--> statement-breakpoint
ALTER TABLE "accusations" ADD COLUMN "decision_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accusations" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "accusations" ADD COLUMN "decided_by_name" varchar(32);--> statement-breakpoint
ALTER TABLE "accusations" ADD COLUMN "decided_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "contents_taken_down_idx" ON "contents" USING btree ("author_id","taken_down_at") WHERE taken_down_at is not null;--> statement-breakpoint
CREATE INDEX "accusations_queue_idx" ON "accusations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "search_ideas_created_idx" ON "search_ideas" USING btree ("created_at","id");