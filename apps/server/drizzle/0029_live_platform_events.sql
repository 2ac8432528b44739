CREATE TABLE "live_platform_events" (
	"event_id" varchar(64) PRIMARY KEY NOT NULL,
	"stream_id" integer NOT NULL,
	"type" varchar(24) NOT NULL,
	"user_id" integer,
	"units" integer DEFAULT 0 NOT NULL,
	"gift_id" varchar(64),
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_stream_logs" ADD COLUMN "last_event_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_platform_events" ADD CONSTRAINT "live_platform_events_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_platform_events_stream_idx" ON "live_platform_events" USING btree ("stream_id","occurred_at");--> statement-breakpoint
-- Silence is measured from a broadcast's last event: a kept broadcast's is its end, or its start.
UPDATE "live_stream_logs" SET "last_event_at" = coalesce("ended_at", "started_at");--> statement-breakpoint
-- The seed's dead jump pages (issue 31): those streams open our own room page.
UPDATE "live_streams" SET "jump_url" = NULL WHERE "jump_url" LIKE 'https://live.example.com/%';
