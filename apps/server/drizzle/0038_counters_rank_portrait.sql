CREATE TABLE "creator_follower_groups" (
	"author_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"key" varchar(32) NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_follower_groups_author_id_kind_key_pk" PRIMARY KEY("author_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "fans_group_intimacy_counts" (
	"group_id" integer NOT NULL,
	"intimacy" integer NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fans_group_intimacy_counts_group_id_intimacy_pk" PRIMARY KEY("group_id","intimacy")
);
--> statement-breakpoint
CREATE TABLE "fans_intimacy_day_counts" (
	"group_id" integer NOT NULL,
	"day" date NOT NULL,
	"points" integer NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fans_intimacy_day_counts_group_id_day_points_pk" PRIMARY KEY("group_id","day","points")
);
--> statement-breakpoint
ALTER TABLE "fans_groups" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 33 point 2: a group's member count, "my rank" and the fans portrait read these counters
-- instead of counting members or followers. As with creator_daily_figures (0023), triggers keep
-- them, so every writer (the API, the live platform's events, seeds, a console) keeps them right:
-- a statement's changed rows (its transition tables) become deltas summed per key and added in
-- key order, so concurrent statements never lock two counters in opposite orders. An award moves
-- a member from one total's row to another's; the member counter moves on a join or a leave only.
CREATE FUNCTION fans_members_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  g record;
BEGIN
  -- Static statements, planned once per session. The group's row first, then its totals' rows:
  -- every writer locks in that order.
  IF TG_OP = 'UPDATE' THEN
    -- The award path (every light, comment, watch minute of a member): a member never changes
    -- group, so the loop finds nothing and the member counters stay.
    FOR g IN SELECT group_id, sum(sign)::integer AS n FROM (
      SELECT group_id, -1 AS sign FROM old_rows UNION ALL SELECT group_id, 1 FROM new_rows
    ) r GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1 LOOP
      UPDATE fans_groups SET member_count = member_count + g.n WHERE id = g.group_id;
    END LOOP;
    INSERT INTO fans_group_intimacy_counts AS h (group_id, intimacy, members)
    SELECT group_id, intimacy, sum(sign) FROM (
      SELECT group_id, intimacy, -1 AS sign FROM old_rows UNION ALL SELECT group_id, intimacy, 1 FROM new_rows
    ) r GROUP BY 1, 2 HAVING sum(sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (group_id, intimacy) DO UPDATE SET members = h.members + excluded.members;
  ELSIF TG_OP = 'INSERT' THEN
    FOR g IN SELECT group_id, count(*)::integer AS n FROM new_rows GROUP BY 1 ORDER BY 1 LOOP
      UPDATE fans_groups SET member_count = member_count + g.n WHERE id = g.group_id;
    END LOOP;
    INSERT INTO fans_group_intimacy_counts AS h (group_id, intimacy, members)
    SELECT group_id, intimacy, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (group_id, intimacy) DO UPDATE SET members = h.members + excluded.members;
  ELSE
    FOR g IN SELECT group_id, count(*)::integer AS n FROM old_rows GROUP BY 1 ORDER BY 1 LOOP
      UPDATE fans_groups SET member_count = member_count - g.n WHERE id = g.group_id;
    END LOOP;
    INSERT INTO fans_group_intimacy_counts AS h (group_id, intimacy, members)
    SELECT group_id, intimacy, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (group_id, intimacy) DO UPDATE SET members = h.members + excluded.members;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- The same for one day's points (the today rank's "mine").
CREATE FUNCTION fans_days_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO fans_intimacy_day_counts AS h (group_id, day, points, members)
    SELECT group_id, day, points, sum(sign) FROM (
      SELECT group_id, day, points, -1 AS sign FROM old_rows UNION ALL SELECT group_id, day, points, 1 FROM new_rows
    ) r GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (group_id, day, points) DO UPDATE SET members = h.members + excluded.members;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO fans_intimacy_day_counts AS h (group_id, day, points, members)
    SELECT group_id, day, points, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (group_id, day, points) DO UPDATE SET members = h.members + excluded.members;
  ELSE
    INSERT INTO fans_intimacy_day_counts AS h (group_id, day, points, members)
    SELECT group_id, day, points, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (group_id, day, points) DO UPDATE SET members = h.members + excluded.members;
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A follow or an unfollow counts under the follower's gender, birth year and region as they are
-- now. The followers' rows are locked FOR SHARE first: a profile change (a row trigger below,
-- moving every follow of the user) then waits for this statement's transaction or this statement
-- waits for it and reads the changed profile, so a follow made during a profile change is counted
-- under exactly one value.
CREATE FUNCTION follower_groups_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text;
BEGIN
  -- A follow and an unfollow (the product's writes): static statements, planned once per session.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT follower_id FROM new_rows) ORDER BY id FOR SHARE;
    INSERT INTO creator_follower_groups AS g (author_id, kind, key, followers)
    SELECT r.followee_id, k.kind, k.key, count(*)
    FROM new_rows r JOIN users u ON u.id = r.follower_id
    CROSS JOIN LATERAL (VALUES ('gender', coalesce(u.gender::text, '')),
      ('birthYear', coalesce(u.birth_year::text, '')), ('region', coalesce(u.region, ''))) k (kind, key)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (author_id, kind, key) DO UPDATE SET followers = g.followers + excluded.followers;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT follower_id FROM old_rows) ORDER BY id FOR SHARE;
    INSERT INTO creator_follower_groups AS g (author_id, kind, key, followers)
    SELECT r.followee_id, k.kind, k.key, -count(*)
    FROM old_rows r JOIN users u ON u.id = r.follower_id
    CROSS JOIN LATERAL (VALUES ('gender', coalesce(u.gender::text, '')),
      ('birthYear', coalesce(u.birth_year::text, '')), ('region', coalesce(u.region, ''))) k (kind, key)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (author_id, kind, key) DO UPDATE SET followers = g.followers + excluded.followers;
    RETURN NULL;
  END IF;
  changed := 'SELECT follower_id, followee_id, -1 AS sign FROM old_rows UNION ALL SELECT follower_id, followee_id, 1 FROM new_rows';
  EXECUTE format('SELECT 1 FROM users WHERE id IN (SELECT follower_id FROM (%s) r) ORDER BY id FOR SHARE', changed);
  EXECUTE format($q$
    INSERT INTO creator_follower_groups AS g (author_id, kind, key, followers)
    SELECT r.followee_id, k.kind, k.key, sum(r.sign)
    FROM (%s) r JOIN users u ON u.id = r.follower_id
    CROSS JOIN LATERAL (VALUES ('gender', coalesce(u.gender::text, '')),
      ('birthYear', coalesce(u.birth_year::text, '')), ('region', coalesce(u.region, ''))) k (kind, key)
    GROUP BY 1, 2, 3 HAVING sum(r.sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (author_id, kind, key) DO UPDATE SET followers = g.followers + excluded.followers$q$, changed);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- A user's gender, birth year or region changed: every creator they follow moves one follower
-- from the old value to the new (follows' primary key is (follower_id, followee_id)).
CREATE FUNCTION follower_profile_track() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO creator_follower_groups AS g (author_id, kind, key, followers)
  SELECT f.followee_id, k.kind, k.key, sum(k.sign)
  FROM follows f CROSS JOIN (VALUES
    ('gender', coalesce(OLD.gender::text, ''), -1), ('gender', coalesce(NEW.gender::text, ''), 1),
    ('birthYear', coalesce(OLD.birth_year::text, ''), -1), ('birthYear', coalesce(NEW.birth_year::text, ''), 1),
    ('region', coalesce(OLD.region, ''), -1), ('region', coalesce(NEW.region, ''), 1)) k (kind, key, sign)
  WHERE f.follower_id = NEW.id
  GROUP BY 1, 2, 3 HAVING sum(k.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (author_id, kind, key) DO UPDATE SET followers = g.followers + excluded.followers;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- What the rows already there count.
UPDATE fans_groups g SET member_count = c.n
FROM (SELECT group_id, count(*)::integer AS n FROM fans_group_members GROUP BY 1) c WHERE g.id = c.group_id;
--> statement-breakpoint
INSERT INTO fans_group_intimacy_counts (group_id, intimacy, members)
SELECT group_id, intimacy, count(*) FROM fans_group_members GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO fans_intimacy_day_counts (group_id, day, points, members)
SELECT group_id, day, points, count(*) FROM fans_intimacy_days GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO creator_follower_groups (author_id, kind, key, followers)
SELECT f.followee_id, k.kind, k.key, count(*)
FROM follows f JOIN users u ON u.id = f.follower_id
CROSS JOIN LATERAL (VALUES ('gender', coalesce(u.gender::text, '')),
  ('birthYear', coalesce(u.birth_year::text, '')), ('region', coalesce(u.region, ''))) k (kind, key)
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER fans_members_insert AFTER INSERT ON fans_group_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fans_members_track();--> statement-breakpoint
CREATE TRIGGER fans_members_update AFTER UPDATE ON fans_group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fans_members_track();--> statement-breakpoint
CREATE TRIGGER fans_members_delete AFTER DELETE ON fans_group_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fans_members_track();--> statement-breakpoint
CREATE TRIGGER fans_days_insert AFTER INSERT ON fans_intimacy_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fans_days_track();--> statement-breakpoint
CREATE TRIGGER fans_days_update AFTER UPDATE ON fans_intimacy_days REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fans_days_track();--> statement-breakpoint
CREATE TRIGGER fans_days_delete AFTER DELETE ON fans_intimacy_days REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fans_days_track();--> statement-breakpoint
CREATE TRIGGER follower_groups_insert AFTER INSERT ON follows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_groups_track();--> statement-breakpoint
CREATE TRIGGER follower_groups_update AFTER UPDATE ON follows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_groups_track();--> statement-breakpoint
CREATE TRIGGER follower_groups_delete AFTER DELETE ON follows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION follower_groups_track();--> statement-breakpoint
-- Users are updated for other reasons too: only a change of a counted attribute moves anything.
CREATE TRIGGER follower_groups_profile AFTER UPDATE OF gender, birth_year, region ON users FOR EACH ROW
  WHEN (OLD.gender IS DISTINCT FROM NEW.gender OR OLD.birth_year IS DISTINCT FROM NEW.birth_year OR OLD.region IS DISTINCT FROM NEW.region)
  EXECUTE FUNCTION follower_profile_track();
