-- Issue 26 point 2: two users could become each other's invitee when both bound at the same
-- moment (the reverse check was a read before the insert). Such pairs break the rule: keep the
-- earlier binding of each and undo the later one with its reward, then let one row per unordered
-- pair hold it from now on.
WITH later AS (
  SELECT b.invitee_id
  FROM "invite_bindings" b
  JOIN "invite_bindings" r ON r.invitee_id = b.inviter_id AND r.inviter_id = b.invitee_id
  WHERE (b.created_at, b.invitee_id) > (r.created_at, r.invitee_id)
), gone AS (
  DELETE FROM "invite_rewards" w USING later WHERE w.invitee_id = later.invitee_id
)
DELETE FROM "invite_bindings" b USING later WHERE b.invitee_id = later.invitee_id;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_bindings_pair_key" ON "invite_bindings" USING btree (least("invitee_id", "inviter_id"),greatest("invitee_id", "inviter_id"));
