-- Search (issue 32 point 2, docs/decisions/024-search.md): a text's distinct 1- and 2-character
-- grams, lower-cased, within each whitespace-separated word. IMMUTABLE so GIN indexes it; the
-- same on PostgreSQL and PGlite (no extension, no locale-dependent word rule).
CREATE FUNCTION search_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(w, i, n) AS g
    FROM regexp_split_to_table(lower(t), '\s+') AS w, generate_series(1, 2) AS n, generate_series(1, length(w) - n + 1) AS i
  ) s WHERE g <> ''
$f$;--> statement-breakpoint
-- A keyword's grams to look up: each word's 2-character grams, a 1-character word itself.
CREATE FUNCTION search_query_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(w, i, least(length(w), 2)) AS g
    FROM regexp_split_to_table(lower(t), '\s+') AS w, generate_series(1, greatest(length(w) - 1, 1)) AS i
  ) s WHERE g <> ''
$f$;--> statement-breakpoint
CREATE TABLE "search_recents" (
	"user_id" integer NOT NULL,
	"keyword" varchar(30) NOT NULL,
	"searched_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_recents_user_id_keyword_pk" PRIMARY KEY("user_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "search_recents" ADD CONSTRAINT "search_recents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_recents_user_idx" ON "search_recents" USING btree ("user_id","searched_at");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (search_grams("user_name"));--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (search_grams("title"));--> statement-breakpoint
CREATE INDEX "contents_search_idx" ON "contents" USING gin (search_grams("title" || ' ' || "body"));--> statement-breakpoint
CREATE INDEX "contents_topic_search_idx" ON "contents" USING gin (search_grams("topic")) WHERE topic is not null;