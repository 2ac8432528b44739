-- Issue 33 point 3 (docs/decisions/026-analytics-partitions.md): analytics_events partitioned by
-- the UTC day of occurred_at, so old events leave by dropping a day's partition instead of
-- DELETE. A partitioned table's unique index holds the partition key: the dedupe key becomes
-- (uuid, occurred_at), which a resend carries unchanged. The old table's indexes and key go
-- first (their names are the new table's), its rows move, then it is dropped with its triggers.
DROP INDEX "analytics_events_event_occurred_idx";--> statement-breakpoint
DROP INDEX "analytics_events_content_idx";--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_pkey";--> statement-breakpoint
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"uuid" varchar(64) NOT NULL,
	"tracker" varchar(64) NOT NULL,
	"event" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"user_id" integer,
	"flow_type" varchar(64),
	"anonymous_id" varchar(64),
	"client_id" varchar(32),
	"client_release" varchar(32),
	"content_id" integer GENERATED ALWAYS AS (case when event = 'pageView' and payload->>'pageId' = '637' then substring(payload->>'path' from '^/community/content/([0-9]{1,9})$')::integer when event = 'contentShare' and payload->>'contentId' ~ '^[0-9]{1,9}$' then (payload->>'contentId')::integer end) STORED,
	CONSTRAINT "analytics_events_uuid_occurred_at_pk" PRIMARY KEY("uuid","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_event_occurred_idx" ON "analytics_events" USING btree ("event","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_content_idx" ON "analytics_events" USING btree ("content_id","event","occurred_at") WHERE content_id is not null;--> statement-breakpoint
-- The safety net: an event of a day whose partition is missing lands here instead of failing the
-- collector's batch. analytics_events_partitions() (the daily analytics-partitions job) moves its
-- rows into their day's partition; the retention job deletes what is older than the retention.
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;--> statement-breakpoint
-- One UTC day's partition, when missing: built beside the table with that day's rows of the
-- default partition moved in (straight into the new table, so no roll-up trigger counts them
-- twice), then attached, which locks the parent only in SHARE UPDATE EXCLUSIVE mode (the
-- collector's inserts go on); CREATE TABLE ... PARTITION OF would lock it exclusively. The check
-- constraint spares the attach its scan. Serialized by an advisory lock (two nodes, a job).
CREATE FUNCTION analytics_events_add_partition(d date) RETURNS boolean LANGUAGE plpgsql AS $fn$
DECLARE
  part text := 'analytics_events_' || to_char(d, 'YYYYMMDD');
  low text := quote_literal(d::text || ' 00:00:00+00');
  high text := quote_literal((d + 1)::text || ' 00:00:00+00');
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_events_partitions'));
  IF to_regclass(part) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE analytics_events INCLUDING DEFAULTS INCLUDING GENERATED)', part);
  EXECUTE format($q$WITH moved AS (
      DELETE FROM analytics_events_default WHERE occurred_at >= %2$s AND occurred_at < %3$s
      RETURNING uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id, flow_type,
        anonymous_id, client_id, client_release)
    INSERT INTO %1$I (uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id, flow_type,
      anonymous_id, client_id, client_release)
    SELECT * FROM moved$q$, part, low, high);
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (occurred_at >= %s AND occurred_at < %s)',
    part, part || '_day', low, high);
  EXECUTE format('ALTER TABLE analytics_events ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', part, low, high);
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', part, part || '_day');
  RETURN true;
END
$fn$;--> statement-breakpoint
-- The partitions of yesterday to `ahead` days after today (UTC) and of every day the default
-- partition holds rows of (moved out); answers how many it created.
CREATE FUNCTION analytics_events_partitions(ahead integer) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  d date;
  created integer := 0;
BEGIN
  FOR d IN
    SELECT DISTINCT (occurred_at AT TIME ZONE 'UTC')::date FROM analytics_events_default
    UNION
    SELECT generate_series(-1, ahead) + (now() AT TIME ZONE 'UTC')::date
    ORDER BY 1
  LOOP
    IF analytics_events_add_partition(d) THEN
      created := created + 1;
    END IF;
  END LOOP;
  RETURN created;
END
$fn$;--> statement-breakpoint
-- Retention: drops every day partition wholly before `cutoff` and deletes the default
-- partition's rows before it; answers how many events left. Neither fires the roll-up triggers
-- (they are the parent's statement triggers), so the data centre's daily figures keep them.
CREATE FUNCTION analytics_events_drop_before(cutoff timestamptz) RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE
  part text;
  n bigint;
  gone bigint := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_events_partitions'));
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'analytics_events'::regclass AND c.relname ~ '^analytics_events_[0-9]{8}$'
      AND (to_date(right(c.relname, 8), 'YYYYMMDD') + 1)::timestamp AT TIME ZONE 'UTC' <= cutoff
    ORDER BY 1
  LOOP
    EXECUTE format('SELECT count(*) FROM %I', part) INTO n;
    EXECUTE format('DROP TABLE %I', part);
    gone := gone + n;
  END LOOP;
  WITH deleted AS (DELETE FROM analytics_events_default WHERE occurred_at < cutoff RETURNING 1)
  SELECT gone + count(*) INTO gone FROM deleted;
  RETURN gone;
END
$fn$;--> statement-breakpoint
SELECT analytics_events_add_partition(d) FROM (
  SELECT DISTINCT (occurred_at AT TIME ZONE 'UTC')::date AS d FROM analytics_events_unpartitioned ORDER BY 1
) days;--> statement-breakpoint
SELECT analytics_events_partitions(7);--> statement-breakpoint
-- Moved before the roll-up triggers exist: creator_daily_figures counts these rows already.
INSERT INTO analytics_events (uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id, flow_type,
  anonymous_id, client_id, client_release)
SELECT uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id, flow_type,
  anonymous_id, client_id, client_release
FROM analytics_events_unpartitioned;--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";--> statement-breakpoint
CREATE TABLE "content_daily_figures" (
	"content_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_daily_figures_content_id_day_pk" PRIMARY KEY("content_id","day")
);--> statement-breakpoint
INSERT INTO content_daily_figures (content_id, day, views, shares)
SELECT content_id, (occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::date,
  count(*) FILTER (WHERE event = 'pageView'), count(*) FILTER (WHERE event = 'contentShare')
FROM analytics_events WHERE content_id IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
-- The roll-ups of events: a statement's rows become per-(content, China day) deltas, added to
-- content_daily_figures and, through the content's author, to creator_daily_figures, each in key
-- order (every writer takes the creator rows, then the content rows: no lock cycle). The
-- collector's inserts take the static statement, planned once per session.
CREATE FUNCTION analytics_figures_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT r.content_id, (r.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::date AS day,
        count(*) FILTER (WHERE r.event = 'pageView') AS views, count(*) FILTER (WHERE r.event = 'contentShare') AS shares
      FROM new_rows r WHERE r.content_id IS NOT NULL
      GROUP BY 1, 2
    ), contents_kept AS (
      INSERT INTO content_daily_figures AS f (content_id, day, views, shares)
      SELECT content_id, day, views, shares FROM d ORDER BY 1, 2
      ON CONFLICT (content_id, day) DO UPDATE SET views = f.views + excluded.views, shares = f.shares + excluded.shares
    )
    INSERT INTO creator_daily_figures AS f (author_id, day, views, shares)
    SELECT c.author_id, d.day, sum(d.views), sum(d.shares) FROM d JOIN contents c ON c.id = d.content_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (author_id, day) DO UPDATE SET views = f.views + excluded.views, shares = f.shares + excluded.shares;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    changed := 'SELECT content_id, occurred_at, event, -1 AS sign FROM old_rows';
  ELSE
    changed := 'SELECT content_id, occurred_at, event, -1 AS sign FROM old_rows
      UNION ALL SELECT content_id, occurred_at, event, 1 FROM new_rows';
  END IF;
  EXECUTE format($q$
    WITH d AS (
      SELECT r.content_id, (r.occurred_at AT TIME ZONE 'UTC' + interval '8 hours')::date AS day,
        sum(CASE WHEN r.event = 'pageView' THEN r.sign ELSE 0 END) AS views,
        sum(CASE WHEN r.event = 'contentShare' THEN r.sign ELSE 0 END) AS shares
      FROM (%s) r WHERE r.content_id IS NOT NULL
      GROUP BY 1, 2
      HAVING sum(CASE WHEN r.event = 'pageView' THEN r.sign ELSE 0 END) <> 0
        OR sum(CASE WHEN r.event = 'contentShare' THEN r.sign ELSE 0 END) <> 0
    ), contents_kept AS (
      INSERT INTO content_daily_figures AS f (content_id, day, views, shares)
      SELECT content_id, day, views, shares FROM d ORDER BY 1, 2
      ON CONFLICT (content_id, day) DO UPDATE SET views = f.views + excluded.views, shares = f.shares + excluded.shares
    )
    INSERT INTO creator_daily_figures AS f (author_id, day, views, shares)
    SELECT c.author_id, d.day, sum(d.views), sum(d.shares) FROM d JOIN contents c ON c.id = d.content_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (author_id, day) DO UPDATE SET views = f.views + excluded.views, shares = f.shares + excluded.shares$q$,
    changed);
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER analytics_figures_insert AFTER INSERT ON analytics_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_figures_track();--> statement-breakpoint
CREATE TRIGGER analytics_figures_update AFTER UPDATE ON analytics_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_figures_track();--> statement-breakpoint
CREATE TRIGGER analytics_figures_delete AFTER DELETE ON analytics_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_figures_track();--> statement-breakpoint
-- creator_figures_track (0023) without its analytics_events branches (analytics_figures_track
-- keeps those now), and a content written, deleted or given another author brings its views
-- and shares from content_daily_figures, which outlives the dropped partitions, instead of
-- joining every partition's events. A China day `day` is the instant (day - 8 hours) UTC.
CREATE OR REPLACE FUNCTION creator_figures_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
  figures text;
BEGIN
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
    WHEN 'content_lights' THEN $q$
      SELECT c.author_id, r.created_at, 0, 0, r.sign, 0, 0 FROM (%1$s) r JOIN contents c ON c.id = r.content_id$q$
    WHEN 'replies' THEN $q$
      SELECT c.author_id, r.created_at, 0, 0, 0, r.sign, 0 FROM (%1$s) r JOIN contents c ON c.id = r.content_id$q$
    WHEN 'follows' THEN $q$
      SELECT r.followee_id, r.created_at, 0, 0, 0, 0, r.sign FROM (%1$s) r$q$
    -- A content written, deleted or given another author: the rows that count for it already
    -- (events can name a content before it exists; lights and comments cannot outlive it).
    WHEN 'contents' THEN $q$
      SELECT r.author_id, (f.day::timestamp - interval '8 hours') AT TIME ZONE 'UTC', r.sign * f.views,
        r.sign * f.shares, 0, 0, 0
      FROM (%1$s) r JOIN content_daily_figures f ON f.content_id = r.id
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
