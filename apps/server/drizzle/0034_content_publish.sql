ALTER TABLE "contents" ADD COLUMN "review_state" varchar(8) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "reviewed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "request_id" varchar(36);--> statement-breakpoint
CREATE INDEX "contents_review_idx" ON "contents" USING btree ("review_state","created_at") WHERE review_state <> 'approved';--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_author_request" UNIQUE("author_id","request_id");