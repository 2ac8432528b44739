CREATE TABLE "creator_daily_figures" (
	"author_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"lights" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"new_fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_daily_figures_author_id_day_pk" PRIMARY KEY("author_id","day")
);
--> statement-breakpoint
DROP INDEX "fans_group_members_rank_idx";--> statement-breakpoint
CREATE INDEX "replies_top_idx" ON "replies" USING btree ("content_id","created_at","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "contents_author_hot_idx" ON "contents" USING btree ("author_id","hot_score","id","content_type");--> statement-breakpoint
CREATE INDEX "fans_group_members_rank_idx" ON "fans_group_members" USING btree ("group_id","intimacy","user_id");--> statement-breakpoint
-- Issue 19 point 5: the data centre's summary reads these rows instead of counting every event,
-- light, comment and follow of a creator. One function keeps them: each source table's changed
-- rows (a statement's transition tables; a content's author change row by row) become deltas of
-- their author's China-time day, summed per (author, day) and added in key order, so concurrent
-- statements never lock two counters in opposite orders.
CREATE FUNCTION creator_figures_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
  figures text;
BEGIN
  IF TG_TABLE_NAME = 'analytics_events' AND TG_OP = 'INSERT' THEN
    -- The collector's batches, the one frequent writer: a static statement, planned once per
    -- session instead of at every batch like the general form below.
    INSERT INTO creator_daily_figures AS f (author_id, day, views, shares)
    SELECT c.author_id, (r.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::date,
      count(*) FILTER (WHERE r.event = 'pageView'), count(*) FILTER (WHERE r.event = 'contentShare')
    FROM new_rows r JOIN contents c ON c.id = r.content_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (author_id, day) DO UPDATE SET views = f.views + excluded.views, shares = f.shares + excluded.shares;
    RETURN NULL;
  END IF;
  IF TG_LEVEL = 'ROW' THEN
    changed := 'SELECT ($1).*, -1 AS sign UNION ALL SELECT ($2).*, 1';
  ELSIF TG_OP = 'INSERT' THEN
    changed := 'SELECT *, 1 AS sign FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    changed := 'SELECT *, -1 AS sign FROM old_rows';
  ELSE
    changed := 'SELECT *, -1 AS sign FROM old_rows UNION ALL SELECT *, 1 FROM new_rows';
  END IF;
  -- (author_id, happened, views, shares, lights, comments, new_fans) of the changed rows `r`.
  figures := CASE TG_TABLE_NAME
    -- Only detail page views and shares have a content_id (a generated column).
    WHEN 'analytics_events' THEN $q$
      SELECT c.author_id, r.occurred_at, CASE WHEN r.event = 'pageView' THEN r.sign ELSE 0 END,
        CASE WHEN r.event = 'contentShare' THEN r.sign ELSE 0 END, 0, 0, 0
      FROM (%1$s) r JOIN contents c ON c.id = r.content_id$q$
    WHEN 'content_lights' THEN $q$
      SELECT c.author_id, r.created_at, 0, 0, r.sign, 0, 0 FROM (%1$s) r JOIN contents c ON c.id = r.content_id$q$
    WHEN 'replies' THEN $q$
      SELECT c.author_id, r.created_at, 0, 0, 0, r.sign, 0 FROM (%1$s) r JOIN contents c ON c.id = r.content_id$q$
    WHEN 'follows' THEN $q$
      SELECT r.followee_id, r.created_at, 0, 0, 0, 0, r.sign FROM (%1$s) r$q$
    -- A content written, deleted or given another author: the rows that count for it already
    -- (events can name a content before it exists; lights and comments cannot outlive it).
    WHEN 'contents' THEN $q$
      SELECT r.author_id, e.occurred_at, CASE WHEN e.event = 'pageView' THEN r.sign ELSE 0 END,
        CASE WHEN e.event = 'contentShare' THEN r.sign ELSE 0 END, 0, 0, 0
      FROM (%1$s) r JOIN analytics_events e ON e.content_id = r.id
      UNION ALL SELECT r.author_id, l.created_at, 0, 0, r.sign, 0, 0
      FROM (%1$s) r JOIN content_lights l ON l.content_id = r.id
      UNION ALL SELECT r.author_id, p.created_at, 0, 0, 0, r.sign, 0
      FROM (%1$s) r JOIN replies p ON p.content_id = r.id$q$
  END;
  figures := format($q$
    INSERT INTO creator_daily_figures AS f (author_id, day, views, shares, lights, comments, new_fans)
    SELECT author_id, (happened AT TIME ZONE 'UTC' + interval '8 hours')::date,
      sum(views), sum(shares), sum(lights), sum(comments), sum(new_fans)
    FROM (%s) d (author_id, happened, views, shares, lights, comments, new_fans)
    GROUP BY 1, 2
    HAVING sum(views) <> 0 OR sum(shares) <> 0 OR sum(lights) <> 0 OR sum(comments) <> 0 OR sum(new_fans) <> 0
    ORDER BY 1, 2
    ON CONFLICT (author_id, day) DO UPDATE SET views = f.views + excluded.views,
      shares = f.shares + excluded.shares, lights = f.lights + excluded.lights,
      comments = f.comments + excluded.comments, new_fans = f.new_fans + excluded.new_fans$q$,
    format(figures, changed));
  IF TG_LEVEL = 'ROW' THEN
    EXECUTE figures USING OLD, NEW;
  ELSE
    EXECUTE figures;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- What the rows already there count.
INSERT INTO creator_daily_figures (author_id, day, views, shares, lights, comments, new_fans)
SELECT author_id, (happened AT TIME ZONE 'UTC' + interval '8 hours')::date,
  sum(views), sum(shares), sum(lights), sum(comments), sum(new_fans)
FROM (
  SELECT c.author_id, e.occurred_at, (e.event = 'pageView')::integer, (e.event = 'contentShare')::integer, 0, 0, 0
  FROM analytics_events e JOIN contents c ON c.id = e.content_id
  UNION ALL SELECT c.author_id, l.created_at, 0, 0, 1, 0, 0 FROM content_lights l JOIN contents c ON c.id = l.content_id
  UNION ALL SELECT c.author_id, r.created_at, 0, 0, 0, 1, 0 FROM replies r JOIN contents c ON c.id = r.content_id
  UNION ALL SELECT f.followee_id, f.created_at, 0, 0, 0, 0, 1 FROM follows f
) d (author_id, happened, views, shares, lights, comments, new_fans)
GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER creator_figures_insert AFTER INSERT ON analytics_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_update AFTER UPDATE ON analytics_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_delete AFTER DELETE ON analytics_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_insert AFTER INSERT ON content_lights REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_update AFTER UPDATE ON content_lights REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_delete AFTER DELETE ON content_lights REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_insert AFTER INSERT ON replies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_update AFTER UPDATE ON replies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_delete AFTER DELETE ON replies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_insert AFTER INSERT ON follows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_update AFTER UPDATE ON follows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_delete AFTER DELETE ON follows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_insert AFTER INSERT ON contents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
CREATE TRIGGER creator_figures_delete AFTER DELETE ON contents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION creator_figures_track();--> statement-breakpoint
-- Contents are updated on every light and comment (their counts): only an author change counts here.
CREATE TRIGGER creator_figures_author AFTER UPDATE OF author_id ON contents FOR EACH ROW WHEN (OLD.author_id IS DISTINCT FROM NEW.author_id) EXECUTE FUNCTION creator_figures_track();
