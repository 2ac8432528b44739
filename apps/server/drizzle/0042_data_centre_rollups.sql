CREATE TABLE "creator_follower_hours" (
	"author_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_follower_hours_author_id_day_hour_pk" PRIMARY KEY("author_id","day","hour")
);
--> statement-breakpoint
CREATE TABLE "creator_viewer_hours" (
	"author_id" integer NOT NULL,
	"viewer_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_viewer_hours_author_id_viewer_id_day_hour_pk" PRIMARY KEY("author_id","viewer_id","day","hour")
);
--> statement-breakpoint
ALTER TABLE "content_daily_figures" ADD COLUMN "author_id" integer;--> statement-breakpoint
CREATE INDEX "contents_author_approved_idx" ON "contents" USING btree ("author_id","id") WHERE review_state = 'approved';--> statement-breakpoint
CREATE INDEX "content_daily_figures_author_idx" ON "content_daily_figures" USING btree ("author_id","day","content_id","views");--> statement-breakpoint
-- content_daily_figures.author_id: set on every row written, whoever writes it (the analytics
-- statement triggers today, a folding job perhaps tomorrow), from the content as it is then.
CREATE FUNCTION content_figures_author_set() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.author_id := (SELECT author_id FROM contents WHERE id = NEW.content_id);
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER content_figures_author_set BEFORE INSERT ON content_daily_figures FOR EACH ROW EXECUTE FUNCTION content_figures_author_set();--> statement-breakpoint
-- A content written after events named it, deleted, or given another author: its figures follow.
-- Named after creator_figures_* so they fire after it (creator rows, then content rows, as every
-- writer takes them: no lock cycle).
CREATE FUNCTION content_figures_author_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    UPDATE content_daily_figures SET author_id = NEW.author_id WHERE content_id = NEW.id;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE content_daily_figures f SET author_id = r.author_id FROM new_rows r WHERE f.content_id = r.id;
  ELSE
    UPDATE content_daily_figures f SET author_id = NULL FROM old_rows r WHERE f.content_id = r.id;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER figures_author_insert AFTER INSERT ON contents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_figures_author_track();--> statement-breakpoint
CREATE TRIGGER figures_author_delete AFTER DELETE ON contents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_figures_author_track();--> statement-breakpoint
CREATE TRIGGER figures_author_update AFTER UPDATE OF author_id ON contents FOR EACH ROW WHEN (OLD.author_id IS DISTINCT FROM NEW.author_id) EXECUTE FUNCTION content_figures_author_track();--> statement-breakpoint
UPDATE content_daily_figures f SET author_id = c.author_id FROM contents c WHERE c.id = f.content_id;--> statement-breakpoint
-- The fans portrait's active hours. creator_viewer_hours: every stored detail page view by a
-- signed-in viewer, for the content's author then; creator_follower_hours: its sum over the
-- pairs whose viewer follows the author now. A view and a follow of the same pair in two
-- concurrent transactions would each miss the other (neither sees the other's rows): both take
-- an advisory lock on (author, viewer), views shared, follows exclusive, in key order, before
-- reading; a plpgsql statement after the wait sees what the other committed. The pairs share
-- 64 locks (a bulk insert would need one per pair, past the lock table): a follow may wait for
-- an unrelated batch of views, never long.
CREATE FUNCTION follower_hours_lock(author_id integer, viewer_id integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $fn$ SELECT ((author_id::bigint * 1000003 + viewer_id) % 64)::integer $fn$;--> statement-breakpoint
-- The one writer of both tables for views: (author, viewer, China day, China hour, views) deltas,
-- whoever computes them (this statement trigger on analytics_events, the contents trigger
-- below, a folding job if the events' roll-ups move to one).
CREATE FUNCTION follower_hours_add(authors integer[], viewers integer[], days date[], hours smallint[],
  counts integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  k integer;
BEGIN
  FOR k IN SELECT DISTINCT follower_hours_lock(x.a, x.v) FROM unnest(authors, viewers) x (a, v) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared(hashtext('follower_hours'), k);
  END LOOP;
  WITH d AS (
    SELECT * FROM unnest(authors, viewers, days, hours, counts) x (author_id, viewer_id, day, hour, views)
  ), kept AS (
    INSERT INTO creator_viewer_hours AS h (author_id, viewer_id, day, hour, views)
    SELECT * FROM d ORDER BY 1, 2, 3, 4
    ON CONFLICT (author_id, viewer_id, day, hour) DO UPDATE SET views = h.views + excluded.views
  )
  INSERT INTO creator_follower_hours AS h (author_id, day, hour, views)
  SELECT d.author_id, d.day, d.hour, sum(d.views) FROM d
  WHERE EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = d.viewer_id AND f.followee_id = d.author_id)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (author_id, day, hour) DO UPDATE SET views = h.views + excluded.views;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION follower_hours_views_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
  a integer[]; v integer[]; d date[]; h smallint[]; n integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := 'SELECT content_id, user_id, event, occurred_at, 1 AS sign FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    changed := 'SELECT content_id, user_id, event, occurred_at, -1 AS sign FROM old_rows';
  ELSE
    changed := 'SELECT content_id, user_id, event, occurred_at, -1 AS sign FROM old_rows
      UNION ALL SELECT content_id, user_id, event, occurred_at, 1 FROM new_rows';
  END IF;
  EXECUTE format($q$
    SELECT array_agg(author_id), array_agg(viewer_id), array_agg(day), array_agg(hour), array_agg(views) FROM (
      SELECT c.author_id, r.user_id AS viewer_id, (r.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::date AS day,
        extract(hour FROM r.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::smallint AS hour,
        sum(r.sign)::integer AS views
      FROM (%s) r JOIN contents c ON c.id = r.content_id
      WHERE r.event = 'pageView' AND r.user_id IS NOT NULL
      GROUP BY 1, 2, 3, 4 HAVING sum(r.sign) <> 0) x$q$, changed) INTO a, v, d, h, n;
  PERFORM follower_hours_add(a, v, d, h, n);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- A content written after events named it, deleted, or given another author: its stored views
-- move with it, as the data centre counts a view for the content's author. Only a content with
-- views in content_daily_figures has its events looked up (every partition is planned).
CREATE FUNCTION follower_hours_contents_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
  a integer[]; v integer[]; d date[]; h smallint[]; n integer[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    changed := 'SELECT ($1).id, ($1).author_id, -1 AS sign UNION ALL SELECT ($2).id, ($2).author_id, 1';
  ELSIF TG_OP = 'INSERT' THEN
    changed := 'SELECT id, author_id, 1 AS sign FROM new_rows';
  ELSE
    changed := 'SELECT id, author_id, -1 AS sign FROM old_rows';
  END IF;
  changed := format('SELECT r.* FROM (%s) r (id, author_id, sign)
    WHERE EXISTS (SELECT 1 FROM content_daily_figures f WHERE f.content_id = r.id AND f.views <> 0)', changed);
  EXECUTE format('SELECT array_agg(id) FROM (%s) r', changed) INTO a USING OLD, NEW;
  IF a IS NULL THEN
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    SELECT array_agg(author_id), array_agg(viewer_id), array_agg(day), array_agg(hour), array_agg(views) FROM (
      SELECT r.author_id, e.user_id AS viewer_id, (e.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::date AS day,
        extract(hour FROM e.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::smallint AS hour,
        sum(r.sign)::integer AS views
      FROM (%s) r JOIN analytics_events e ON e.content_id = r.id
      WHERE e.event = 'pageView' AND e.user_id IS NOT NULL
      GROUP BY 1, 2, 3, 4 HAVING sum(r.sign) <> 0) x$q$, changed) INTO a, v, d, h, n USING OLD, NEW;
  PERFORM follower_hours_add(a, v, d, h, n);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION follower_hours_follows_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
  pair record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := 'SELECT followee_id, follower_id, 1 AS sign FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    changed := 'SELECT followee_id, follower_id, -1 AS sign FROM old_rows';
  ELSE
    changed := 'SELECT followee_id, follower_id, -1 AS sign FROM old_rows
      UNION ALL SELECT followee_id, follower_id, 1 FROM new_rows';
  END IF;
  FOR pair IN EXECUTE format('SELECT DISTINCT follower_hours_lock(followee_id, follower_id) AS k
      FROM (%s) r ORDER BY 1', changed) LOOP
    PERFORM pg_advisory_xact_lock(hashtext('follower_hours'), pair.k);
  END LOOP;
  EXECUTE format($q$
    INSERT INTO creator_follower_hours AS h (author_id, day, hour, views)
    SELECT v.author_id, v.day, v.hour, sum(r.sign * v.views) FROM (%s) r
    JOIN creator_viewer_hours v ON v.author_id = r.followee_id AND v.viewer_id = r.follower_id
    GROUP BY 1, 2, 3 HAVING sum(r.sign * v.views) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (author_id, day, hour) DO UPDATE SET views = h.views + excluded.views$q$, changed);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
INSERT INTO creator_viewer_hours (author_id, viewer_id, day, hour, views)
SELECT c.author_id, e.user_id, (e.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::date,
  extract(hour FROM e.occurred_at AT TIME ZONE 'UTC' + interval '8 hours'), count(*)
FROM analytics_events e JOIN contents c ON c.id = e.content_id
WHERE e.event = 'pageView' AND e.user_id IS NOT NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO creator_follower_hours (author_id, day, hour, views)
SELECT v.author_id, v.day, v.hour, sum(v.views) FROM creator_viewer_hours v
JOIN follows f ON f.follower_id = v.viewer_id AND f.followee_id = v.author_id
GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TRIGGER follower_hours_insert AFTER INSERT ON analytics_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_views_track();--> statement-breakpoint
CREATE TRIGGER follower_hours_update AFTER UPDATE ON analytics_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_views_track();--> statement-breakpoint
CREATE TRIGGER follower_hours_delete AFTER DELETE ON analytics_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_views_track();--> statement-breakpoint
-- After creator_figures_* and follower_groups_* on follows (trigger names fire in order).
CREATE TRIGGER follower_hours_insert AFTER INSERT ON follows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_follows_track();--> statement-breakpoint
CREATE TRIGGER follower_hours_update AFTER UPDATE ON follows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_follows_track();--> statement-breakpoint
CREATE TRIGGER follower_hours_delete AFTER DELETE ON follows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_follows_track();;--> statement-breakpoint
-- After creator_figures_* and figures_author_* on contents.
CREATE TRIGGER follower_hours_insert AFTER INSERT ON contents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_contents_track();--> statement-breakpoint
CREATE TRIGGER follower_hours_delete AFTER DELETE ON contents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_hours_contents_track();--> statement-breakpoint
CREATE TRIGGER follower_hours_author AFTER UPDATE OF author_id ON contents FOR EACH ROW WHEN (OLD.author_id IS DISTINCT FROM NEW.author_id) EXECUTE FUNCTION follower_hours_contents_track();
