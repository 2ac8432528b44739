CREATE TABLE "content_period_views" (
	"author_id" integer NOT NULL,
	"period" smallint NOT NULL,
	"content_id" integer NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_period_views_author_id_period_content_id_pk" PRIMARY KEY("author_id","period","content_id")
);
--> statement-breakpoint
CREATE TABLE "content_period_views_day" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_period_views_rank_idx" ON "content_period_views" USING btree ("author_id","period","views","content_id");--> statement-breakpoint
-- Issue 33 point 2: the data centre's content list by views reads a page of a creator's contents
-- ranked by their views in the period (7, 30 or 90 China days, today included), not the sum of
-- every content's days. content_period_views holds each content's views in each window ending
-- on content_period_views_day.day (D): days D - period + 1 .. D.
--  * A statement trigger on content_daily_figures (every writer of it: the analytics triggers,
--    the contents triggers that set its author_id, a folding job perhaps tomorrow) adds the
--    changed days inside the windows; a day after D waits for the windows to reach it.
--  * content_period_views_advance() slides the windows to today's China day, adding the days
--    that came in and taking out those that left (the daily job creator-period-views at China
--    midnight). The list reads the windows only when D is today, else sums the days as before.
-- The trigger and the slide must not miss each other's rows: writers take a shared advisory
-- lock before reading D, the slide an exclusive one before reading D and the days; a plpgsql
-- statement after the wait takes a new snapshot and sees what the other committed.
CREATE FUNCTION content_period_views_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('content_period_views'), 0);
  IF TG_OP = 'INSERT' THEN
    changed := 'SELECT author_id, content_id, day, views FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    changed := 'SELECT author_id, content_id, day, -views FROM old_rows';
  ELSE
    changed := 'SELECT author_id, content_id, day, -views FROM old_rows
      UNION ALL SELECT author_id, content_id, day, views FROM new_rows';
  END IF;
  EXECUTE format($q$
    INSERT INTO content_period_views AS v (author_id, period, content_id, views)
    SELECT r.author_id, p.period, r.content_id, sum(r.views)::integer
    FROM (%s) r (author_id, content_id, day, views)
    CROSS JOIN content_period_views_day s
    CROSS JOIN unnest(ARRAY[7, 30, 90]::smallint[]) p (period)
    WHERE r.author_id IS NOT NULL AND r.day <= s.day AND r.day > s.day - p.period
    GROUP BY 1, 2, 3 HAVING sum(r.views) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (author_id, period, content_id) DO UPDATE SET views = v.views + excluded.views$q$, changed);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- Slides the windows to `today` (China) from the day they end on: adds the days in
-- (max(D, today - period), today], takes out those in (D - period, min(D, today - period)],
-- drops the rows that fell to 0; answers how many rows changed (0 when already there, -1 when
-- the lock did not come within 500 ms: the next run slides them). The day is read first without
-- the lock, so a run with nothing to do never queues the writers. A writer that holds the shared
-- lock and waits for a row of another, itself queued behind this exclusive request, would be a
-- deadlock: the request gives up before the deadlock check (deadlock_timeout, 1 s by default).
CREATE FUNCTION content_period_views_advance(today date) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  was date;
  waits text := current_setting('lock_timeout');
  a integer[]; p smallint[]; c integer[];
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
  WITH changed AS (
    INSERT INTO content_period_views AS v (author_id, period, content_id, views)
    SELECT f.author_id, w.period, f.content_id,
      sum(CASE WHEN f.day > greatest(was, today - w.period) THEN f.views ELSE -f.views END)::integer
    FROM unnest(ARRAY[7, 30, 90]::smallint[]) w (period)
    JOIN content_daily_figures f
      ON (f.day > greatest(was, today - w.period) AND f.day <= today)
      OR (f.day > was - w.period AND f.day <= least(was, today - w.period))
    WHERE f.author_id IS NOT NULL AND f.views <> 0
    GROUP BY 1, 2, 3 HAVING sum(CASE WHEN f.day > greatest(was, today - w.period) THEN f.views ELSE -f.views END) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (author_id, period, content_id) DO UPDATE SET views = v.views + excluded.views
    RETURNING v.author_id, v.period, v.content_id, v.views
  )
  SELECT array_agg(author_id), array_agg(period), array_agg(content_id) INTO a, p, c FROM changed WHERE views = 0;
  DELETE FROM content_period_views v USING unnest(a, p, c) z (author_id, period, content_id)
  WHERE v.author_id = z.author_id AND v.period = z.period AND v.content_id = z.content_id AND v.views = 0;
  UPDATE content_period_views_day SET day = today;
  RETURN coalesce(array_length(a, 1), 0);
END
$fn$;--> statement-breakpoint
INSERT INTO content_period_views_day (day) VALUES ((now() AT TIME ZONE 'UTC' + interval '8 hours')::date);--> statement-breakpoint
INSERT INTO content_period_views (author_id, period, content_id, views)
SELECT f.author_id, w.period, f.content_id, sum(f.views)::integer
FROM content_period_views_day s
CROSS JOIN unnest(ARRAY[7, 30, 90]::smallint[]) w (period)
JOIN content_daily_figures f ON f.day <= s.day AND f.day > s.day - w.period
WHERE f.author_id IS NOT NULL
GROUP BY 1, 2, 3 HAVING sum(f.views) <> 0;--> statement-breakpoint
-- AFTER each statement: content_figures_author_set (BEFORE each row) has set a new row's author_id.
CREATE TRIGGER content_period_views_insert AFTER INSERT ON content_daily_figures REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_period_views_track();--> statement-breakpoint
CREATE TRIGGER content_period_views_update AFTER UPDATE ON content_daily_figures REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_period_views_track();--> statement-breakpoint
CREATE TRIGGER content_period_views_delete AFTER DELETE ON content_daily_figures REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_period_views_track();
