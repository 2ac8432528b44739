CREATE TABLE "content_period_views" (
	"author_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"views_7" integer DEFAULT 0 NOT NULL,
	"views_30" integer DEFAULT 0 NOT NULL,
	"views_90" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_period_views_author_id_content_id_pk" PRIMARY KEY("author_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "content_period_views_day" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_period_views_7_idx" ON "content_period_views" USING btree ("author_id","views_7","content_id");--> statement-breakpoint
CREATE INDEX "content_period_views_30_idx" ON "content_period_views" USING btree ("author_id","views_30","content_id");--> statement-breakpoint
CREATE INDEX "content_period_views_90_idx" ON "content_period_views" USING btree ("author_id","views_90","content_id");--> statement-breakpoint
-- Issue 33 point 2: the data centre's content list by views reads a page of a creator's contents
-- ranked by their views in the period (7, 30 or 90 China days, today included), not the sum of
-- every content's days. content_period_views holds each content's views in the three windows
-- ending on content_period_views_day.day (D): days D - period + 1 .. D. One row per content,
-- a column and an index per period: an events statement upserts one row per content it names
-- (a row per period tripled the trigger's cost).
--  * A statement trigger on content_daily_figures (every writer of it: the analytics triggers,
--    the contents triggers that set its author_id, a folding job perhaps tomorrow) adds the
--    changed days inside the windows; a day after D waits for the windows to reach it.
--  * content_period_views_advance() slides the windows to today's China day, adding the days
--    that came in and taking out those that left (the job creator-period-views, every minute,
--    slides at the first run after China midnight). The list reads the windows only when D is
--    today, else sums the days as before.
-- Static statements, planned once per session (a dynamic one cost the collector's statements
-- 0.6 ms more per 100 views at 100×).
-- The trigger and the slide must not miss each other's rows: writers take a shared advisory
-- lock before reading D, the slide an exclusive one before reading D and the days; a plpgsql
-- statement after the wait takes a new snapshot and sees what the other committed.
CREATE FUNCTION content_period_views_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('content_period_views'), 0);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO content_period_views AS v (author_id, content_id, views_7, views_30, views_90)
    SELECT author_id, content_id, v7, v30, v90 FROM (
      SELECT r.author_id, r.content_id,
        coalesce(sum(r.views) FILTER (WHERE r.day > s.day - 7), 0)::integer AS v7,
        coalesce(sum(r.views) FILTER (WHERE r.day > s.day - 30), 0)::integer AS v30,
        sum(r.views)::integer AS v90
      FROM (SELECT author_id, content_id, day, views FROM new_rows) r CROSS JOIN content_period_views_day s
      WHERE r.author_id IS NOT NULL AND r.day <= s.day AND r.day > s.day - 90
      GROUP BY 1, 2) d
    WHERE v7 <> 0 OR v30 <> 0 OR v90 <> 0 ORDER BY 1, 2
    ON CONFLICT (author_id, content_id) DO UPDATE SET views_7 = v.views_7 + excluded.views_7,
      views_30 = v.views_30 + excluded.views_30, views_90 = v.views_90 + excluded.views_90;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO content_period_views AS v (author_id, content_id, views_7, views_30, views_90)
    SELECT author_id, content_id, v7, v30, v90 FROM (
      SELECT r.author_id, r.content_id,
        coalesce(sum(r.views) FILTER (WHERE r.day > s.day - 7), 0)::integer AS v7,
        coalesce(sum(r.views) FILTER (WHERE r.day > s.day - 30), 0)::integer AS v30,
        sum(r.views)::integer AS v90
      FROM (SELECT author_id, content_id, day, -views AS views FROM old_rows) r CROSS JOIN content_period_views_day s
      WHERE r.author_id IS NOT NULL AND r.day <= s.day AND r.day > s.day - 90
      GROUP BY 1, 2) d
    WHERE v7 <> 0 OR v30 <> 0 OR v90 <> 0 ORDER BY 1, 2
    ON CONFLICT (author_id, content_id) DO UPDATE SET views_7 = v.views_7 + excluded.views_7,
      views_30 = v.views_30 + excluded.views_30, views_90 = v.views_90 + excluded.views_90;
  ELSE
    INSERT INTO content_period_views AS v (author_id, content_id, views_7, views_30, views_90)
    SELECT author_id, content_id, v7, v30, v90 FROM (
      SELECT r.author_id, r.content_id,
        coalesce(sum(r.views) FILTER (WHERE r.day > s.day - 7), 0)::integer AS v7,
        coalesce(sum(r.views) FILTER (WHERE r.day > s.day - 30), 0)::integer AS v30,
        sum(r.views)::integer AS v90
      FROM (SELECT author_id, content_id, day, -views AS views FROM old_rows UNION ALL SELECT author_id, content_id, day, views FROM new_rows) r CROSS JOIN content_period_views_day s
      WHERE r.author_id IS NOT NULL AND r.day <= s.day AND r.day > s.day - 90
      GROUP BY 1, 2) d
    WHERE v7 <> 0 OR v30 <> 0 OR v90 <> 0 ORDER BY 1, 2
    ON CONFLICT (author_id, content_id) DO UPDATE SET views_7 = v.views_7 + excluded.views_7,
      views_30 = v.views_30 + excluded.views_30, views_90 = v.views_90 + excluded.views_90;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- Slides the windows to `today` (China) from the day they end on (was): a day's views count
-- +1 in a window it enters, -1 in one it leaves; only the days after was and those leaving a
-- window are read. Drops the rows fallen to zeros; answers how many rows changed (0 when
-- already there, -1 when the lock did not come within 500 ms: the next run slides them). The
-- day is read first without the lock, so a run with nothing to do never queues the writers. A
-- writer that holds the shared lock and waits for a row of another, itself queued behind this
-- exclusive request, would be a deadlock: the request gives up before the deadlock check
-- (deadlock_timeout, 1 s by default).
CREATE FUNCTION content_period_views_advance(today date) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  was date;
  waits text := current_setting('lock_timeout');
  a integer[]; c integer[]; n integer;
BEGIN
  IF (SELECT day FROM content_period_views_day) >= today THEN
    RETURN 0;
  END IF;
  BEGIN
    PERFORM set_config('lock_timeout', '500ms', true);
    PERFORM pg_advisory_xact_lock(hashtext('content_period_views'), 0);
  EXCEPTION WHEN lock_not_available THEN
    RETURN -1;
  END;
  PERFORM set_config('lock_timeout', waits, true);
  SELECT day INTO was FROM content_period_views_day;
  IF was >= today THEN
    RETURN 0;
  END IF;
  WITH d AS (
    SELECT f.author_id, f.content_id,
      sum(f.views * ((f.day > today - 7)::integer - (f.day > was - 7 AND f.day <= was)::integer))::integer AS v7,
      sum(f.views * ((f.day > today - 30)::integer - (f.day > was - 30 AND f.day <= was)::integer))::integer AS v30,
      sum(f.views * ((f.day > today - 90)::integer - (f.day > was - 90 AND f.day <= was)::integer))::integer AS v90
    FROM content_daily_figures f
    WHERE f.author_id IS NOT NULL AND f.views <> 0 AND f.day <= today
      AND (f.day > was OR f.day > was - 7 AND f.day <= today - 7 OR f.day > was - 30 AND f.day <= today - 30
        OR f.day > was - 90 AND f.day <= today - 90)
    GROUP BY 1, 2
  ), changed AS (
    INSERT INTO content_period_views AS v (author_id, content_id, views_7, views_30, views_90)
    SELECT * FROM d WHERE v7 <> 0 OR v30 <> 0 OR v90 <> 0 ORDER BY 1, 2
    ON CONFLICT (author_id, content_id) DO UPDATE SET views_7 = v.views_7 + excluded.views_7,
      views_30 = v.views_30 + excluded.views_30, views_90 = v.views_90 + excluded.views_90
    RETURNING v.author_id, v.content_id, v.views_7, v.views_30, v.views_90
  )
  SELECT array_agg(author_id) FILTER (WHERE views_7 = 0 AND views_30 = 0 AND views_90 = 0),
    array_agg(content_id) FILTER (WHERE views_7 = 0 AND views_30 = 0 AND views_90 = 0), count(*)
  INTO a, c, n FROM changed;
  DELETE FROM content_period_views v USING unnest(a, c) z (author_id, content_id)
  WHERE v.author_id = z.author_id AND v.content_id = z.content_id
    AND v.views_7 = 0 AND v.views_30 = 0 AND v.views_90 = 0;
  UPDATE content_period_views_day SET day = today;
  RETURN n;
END
$fn$;--> statement-breakpoint
INSERT INTO content_period_views_day (day) VALUES ((now() AT TIME ZONE 'UTC' + interval '8 hours')::date);--> statement-breakpoint
INSERT INTO content_period_views (author_id, content_id, views_7, views_30, views_90)
SELECT f.author_id, f.content_id,
  coalesce(sum(f.views) FILTER (WHERE f.day > s.day - 7), 0), coalesce(sum(f.views) FILTER (WHERE f.day > s.day - 30), 0),
  sum(f.views)
FROM content_daily_figures f CROSS JOIN content_period_views_day s
WHERE f.author_id IS NOT NULL AND f.day <= s.day AND f.day > s.day - 90
GROUP BY 1, 2 HAVING sum(f.views) <> 0;--> statement-breakpoint
-- AFTER each statement: content_figures_author_set (BEFORE each row) has set a new row's author_id.
CREATE TRIGGER content_period_views_insert AFTER INSERT ON content_daily_figures REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_period_views_track();--> statement-breakpoint
CREATE TRIGGER content_period_views_update AFTER UPDATE ON content_daily_figures REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_period_views_track();--> statement-breakpoint
CREATE TRIGGER content_period_views_delete AFTER DELETE ON content_daily_figures REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_period_views_track();
