CREATE TABLE "product_wants" (
	"user_id" integer NOT NULL,
	"spu_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_wants_user_id_spu_id_pk" PRIMARY KEY("user_id","spu_id")
);
--> statement-breakpoint
ALTER TABLE "product_wants" ADD CONSTRAINT "product_wants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_wants" ADD CONSTRAINT "product_wants_spu_id_products_spu_id_fk" FOREIGN KEY ("spu_id") REFERENCES "public"."products"("spu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_wants_spu_idx" ON "product_wants" USING btree ("spu_id");