CREATE TABLE "user_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"following" integer DEFAULT 0 NOT NULL,
	"shown_contents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contents_author_video_hot_idx" ON "contents" USING btree ("author_id","hot_score","id") WHERE content_type = 1 and taken_down_at is null and review_state = 'approved';--> statement-breakpoint
CREATE INDEX "contents_video_hot_idx" ON "contents" USING btree ("hot_score","id") WHERE content_type = 1 and taken_down_at is null and review_state = 'approved';--> statement-breakpoint
-- Issue 33 point 2: the user home's header and the user search read a user's followers, follows
-- and shown contents from user_counts instead of counting them (4 200 contents, 7 500 followers of
-- the demo creator at 100×). As in 0038, triggers keep them for every writer: a statement's
-- changed rows become deltas summed per user and added in user order, so concurrent statements
-- never lock two counters in opposite orders; a user gets a row at their first count.
CREATE FUNCTION follow_counts_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Static statements, planned once per session; old_rows exists only for an UPDATE or a DELETE.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (user_id, followers, following)
    SELECT user_id, sum(ers), sum(ing) FROM (
      SELECT followee_id AS user_id, 1 AS ers, 0 AS ing FROM new_rows
      UNION ALL SELECT follower_id, 0, 1 FROM new_rows
    ) r GROUP BY 1 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET followers = c.followers + excluded.followers,
      following = c.following + excluded.following;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS c (user_id, followers, following)
    SELECT user_id, sum(ers), sum(ing) FROM (
      SELECT followee_id AS user_id, -1 AS ers, 0 AS ing FROM old_rows
      UNION ALL SELECT follower_id, 0, -1 FROM old_rows
    ) r GROUP BY 1 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET followers = c.followers + excluded.followers,
      following = c.following + excluded.following;
  ELSE
    INSERT INTO user_counts AS c (user_id, followers, following)
    SELECT user_id, sum(ers), sum(ing) FROM (
      SELECT followee_id AS user_id, -1 AS ers, 0 AS ing FROM old_rows
      UNION ALL SELECT follower_id, 0, -1 FROM old_rows
      UNION ALL SELECT followee_id, 1, 0 FROM new_rows
      UNION ALL SELECT follower_id, 0, 1 FROM new_rows
    ) r GROUP BY 1 HAVING sum(ers) <> 0 OR sum(ing) <> 0 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET followers = c.followers + excluded.followers,
      following = c.following + excluded.following;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Shown = approved and not taken down (content/visible.ts). An insert or a delete: the statement's
-- shown rows per author.
CREATE FUNCTION content_counts_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (user_id, shown_contents)
    SELECT author_id, count(*) FROM new_rows
    WHERE taken_down_at IS NULL AND review_state = 'approved' GROUP BY 1 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET shown_contents = c.shown_contents + excluded.shown_contents;
  ELSE
    INSERT INTO user_counts AS c (user_id, shown_contents)
    SELECT author_id, -count(*) FROM old_rows
    WHERE taken_down_at IS NULL AND review_state = 'approved' GROUP BY 1 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET shown_contents = c.shown_contents + excluded.shown_contents;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A review, a take-down or a change of author: a row trigger, fired only when the row's shown
-- state or author changes (a light or a reply updates the row's counts and fires nothing). The
-- old author before the new, in id order, as the statement triggers lock.
CREATE FUNCTION content_shown_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO user_counts AS c (user_id, shown_contents)
  SELECT user_id, sum(n) FROM (VALUES
    (OLD.author_id, CASE WHEN OLD.taken_down_at IS NULL AND OLD.review_state = 'approved' THEN -1 ELSE 0 END),
    (NEW.author_id, CASE WHEN NEW.taken_down_at IS NULL AND NEW.review_state = 'approved' THEN 1 ELSE 0 END)
  ) r (user_id, n) GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE SET shown_contents = c.shown_contents + excluded.shown_contents;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- What the rows already there count.
INSERT INTO user_counts (user_id, followers, following, shown_contents)
SELECT user_id, sum(ers), sum(ing), sum(shown) FROM (
  SELECT followee_id AS user_id, 1 AS ers, 0 AS ing, 0 AS shown FROM follows
  UNION ALL SELECT follower_id, 0, 1, 0 FROM follows
  UNION ALL SELECT author_id, 0, 0, 1 FROM contents WHERE taken_down_at IS NULL AND review_state = 'approved'
) r GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER follow_counts_insert AFTER INSERT ON follows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_counts_track();--> statement-breakpoint
CREATE TRIGGER follow_counts_update AFTER UPDATE ON follows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_counts_track();--> statement-breakpoint
CREATE TRIGGER follow_counts_delete AFTER DELETE ON follows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION follow_counts_track();--> statement-breakpoint
CREATE TRIGGER content_counts_insert AFTER INSERT ON contents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_counts_track();--> statement-breakpoint
CREATE TRIGGER content_counts_delete AFTER DELETE ON contents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_counts_track();--> statement-breakpoint
CREATE TRIGGER content_counts_shown AFTER UPDATE OF author_id, taken_down_at, review_state ON contents FOR EACH ROW
  WHEN ((OLD.author_id IS DISTINCT FROM NEW.author_id) OR ((OLD.taken_down_at IS NULL AND OLD.review_state = 'approved') IS DISTINCT FROM (NEW.taken_down_at IS NULL AND NEW.review_state = 'approved')))
  EXECUTE FUNCTION content_shown_track();
