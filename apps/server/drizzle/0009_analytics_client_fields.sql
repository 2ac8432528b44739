ALTER TABLE "analytics_events" ADD COLUMN "anonymous_id" varchar(64);--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "client_id" varchar(32);--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "client_release" varchar(32);--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "anonymous_id" varchar(64);--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "client_id" varchar(32);--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "client_release" varchar(32);