DROP INDEX "contents_author_idx";--> statement-breakpoint
DROP INDEX "contents_author_hot_idx";--> statement-breakpoint
CREATE INDEX "contents_author_idx" ON "contents" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contents_author_hot_idx" ON "contents" USING btree ("author_id","hot_score","id","content_type") WHERE taken_down_at is null and review_state = 'approved';--> statement-breakpoint
-- JIT compiles a plan once its cost passes jit_above_cost: at 100× data the fans portrait and the
-- user search paid 8–68 ms of compilation for statements of a few ms (issue 33 point 2). OLTP
-- reads never win it back. A role that may not alter the database keeps JIT and says so.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit left on: this role may not ALTER DATABASE %; set jit = off for it', current_database();
END $$;
