ALTER TABLE "multipart_uploads" ADD COLUMN "completing_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "multipart_uploads" ADD COLUMN "result" jsonb;