DROP INDEX "fans_group_members_rank_idx";--> statement-breakpoint
CREATE INDEX "replies_top_idx" ON "replies" USING btree ("content_id","created_at","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "contents_author_hot_idx" ON "contents" USING btree ("author_id","hot_score","id","content_type");--> statement-breakpoint
CREATE INDEX "fans_group_members_rank_idx" ON "fans_group_members" USING btree ("group_id","intimacy","user_id");