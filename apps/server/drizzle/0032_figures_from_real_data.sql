CREATE TABLE "ai_image_claims" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" varchar(36) NOT NULL,
	"claimed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_image_claims" ADD CONSTRAINT "ai_image_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "score";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "raters";--> statement-breakpoint
-- Profiles name a province as the national division does (@vant/area-data, decision 015); the
-- seed's earlier short names are the same provinces.
UPDATE "users" SET "region" = CASE WHEN "region" IN ('北京', '上海', '天津', '重庆') THEN "region" || '市' ELSE "region" || '省' END
WHERE "region" IN ('广东', '上海', '北京', '浙江', '江苏', '四川', '湖北', '福建', '山东', '河南', '湖南', '陕西', '重庆', '天津');
