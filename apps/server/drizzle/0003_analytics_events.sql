CREATE TABLE "analytics_events" (
	"uuid" varchar(64) PRIMARY KEY NOT NULL,
	"tracker" varchar(64) NOT NULL,
	"event" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"user_id" integer,
	"flow_type" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "analytics_events_event_occurred_idx" ON "analytics_events" USING btree ("event","occurred_at");