-- Issue 33 point 2: the user search's first pages rank the 100 most-followed matching users
-- (decision 024, amendment for users), read by walking user_counts in followers order and, for an
-- exact nickname, by equality on lower(user_name) (matchRank's exact test).
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "user_counts_followers_idx" ON "user_counts" USING btree ("followers","user_id");--> statement-breakpoint
-- The walk meets only users with a user_counts row: every user gets one, the users already there
-- here (after the trigger) and each new user at their insert (a statement trigger, in user order as 0043's).
CREATE FUNCTION user_counts_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO user_counts (user_id) SELECT id FROM new_rows ORDER BY 1 ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER user_counts_row_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_row();--> statement-breakpoint
-- After the trigger (whose lock holds inserts back): no user is inserted between the two.
INSERT INTO user_counts (user_id) SELECT id FROM users ORDER BY 1 ON CONFLICT (user_id) DO NOTHING;
