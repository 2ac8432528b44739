ALTER TABLE "analytics_events" ADD COLUMN "content_id" integer GENERATED ALWAYS AS (case when event = 'pageView' and payload->>'pageId' = '637' then substring(payload->>'path' from '^/community/content/([0-9]{1,9})$')::integer when event = 'contentShare' and payload->>'contentId' ~ '^[0-9]{1,9}$' then (payload->>'contentId')::integer end) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_year" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "region" varchar(32);--> statement-breakpoint
CREATE INDEX "analytics_events_content_idx" ON "analytics_events" USING btree ("content_id","event","occurred_at") WHERE content_id is not null;