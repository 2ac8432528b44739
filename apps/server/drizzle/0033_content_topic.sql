ALTER TABLE "contents" ADD COLUMN "topic" varchar(20);--> statement-breakpoint
CREATE INDEX "contents_topic_idx" ON "contents" USING btree ("topic","light_count") WHERE topic is not null;