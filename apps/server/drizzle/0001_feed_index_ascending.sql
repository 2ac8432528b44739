DROP INDEX "contents_feed_idx";--> statement-breakpoint
CREATE INDEX "contents_feed_idx" ON "contents" USING btree ("created_at","id");