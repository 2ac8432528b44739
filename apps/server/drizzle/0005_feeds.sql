CREATE TABLE "user_hash_ids" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hash_id" varchar(16) NOT NULL,
	CONSTRAINT "user_hash_ids_hash_id_unique" UNIQUE("hash_id")
);
--> statement-breakpoint
CREATE TABLE "content_products" (
	"content_id" integer NOT NULL,
	"spu_id" integer NOT NULL,
	CONSTRAINT "content_products_content_id_spu_id_pk" PRIMARY KEY("content_id","spu_id")
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "hot_score" double precision GENERATED ALWAYS AS (log(greatest(light_count, 1)::double precision) + (extract(epoch from (created_at at time zone 'UTC'))::double precision - 1600000000) / 45000) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "user_hash_ids" ADD CONSTRAINT "user_hash_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_products" ADD CONSTRAINT "content_products_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_products_spu_idx" ON "content_products" USING btree ("spu_id");--> statement-breakpoint
CREATE INDEX "contents_hot_idx" ON "contents" USING btree ("hot_score","id");--> statement-breakpoint
-- Databases seeded before this migration: link their RichText articles to the products they name.
INSERT INTO "content_products" ("content_id", "spu_id")
SELECT DISTINCT c.id, m[1]::integer FROM "contents" c
CROSS JOIN LATERAL regexp_matches(c.body, 'href="h5://product/(\d{1,9})/\d{1,9}"', 'g') AS m
WHERE c.content_type = 3
ON CONFLICT DO NOTHING;
