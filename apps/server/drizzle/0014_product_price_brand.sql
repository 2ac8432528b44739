-- Issue 14 point 5: product cards show a price (fen) and the single-product list a brand.
ALTER TABLE "products" ADD COLUMN "brand" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Databases seeded before: the brand is the title's first word, the price the seed's rule.
UPDATE "products" SET "brand" = split_part("title", ' ', 1), "price" = (199 + (("spu_id"::bigint * 37) % 400) * 5) * 100;
