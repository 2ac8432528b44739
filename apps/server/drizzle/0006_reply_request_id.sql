ALTER TABLE "replies" ADD COLUMN "request_id" varchar(36);--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_user_request" UNIQUE("user_id","request_id");