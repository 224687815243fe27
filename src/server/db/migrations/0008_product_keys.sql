-- Decisions 038 and 039. Products get a key that never changes (product_key) and an archive mark
-- (archived_at); order lines and reviews refer to the book by that key, so they follow it through
-- a change of its ID, and a sold book cannot be deleted (it is archived instead).
-- The statements are drizzle-kit's, put in an order that works on a database with data (the key
-- must be unique before anything can refer to it, and reviews.product_id is read before it is
-- dropped); the parts under "-- hand-written:" fill the new columns and update the search function.
ALTER TABLE "products" ADD COLUMN "product_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_key_unique" UNIQUE("product_key");--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "product_key" uuid;--> statement-breakpoint
-- hand-written: reviews.product_key is made nullable here and NOT NULL once filled (below).
ALTER TABLE "reviews" ADD COLUMN "product_key" uuid;--> statement-breakpoint
-- hand-written: the book of each existing order line. Lines kept only the ID at purchase, and that ID
-- may have changed since (the bug this fixes), or been given to a newer book. The book bought existed
-- when the order was made, so only books created before the order count: the book that has the
-- line's ID now, else the book that has the line's name now (names are unique). A line whose book
-- was deleted, or cannot be told, keeps no key: it stays readable and is not offered for review.
UPDATE "order_items" oi SET "product_key" = coalesce(
	(SELECT p."product_key" FROM "products" p, "orders" o WHERE o."id" = oi."order_id" AND p."id" = oi."product_id" AND p."created_at" <= o."created_at"),
	(SELECT p."product_key" FROM "products" p, "orders" o WHERE o."id" = oi."order_id" AND p."name" = oi."name" AND p."created_at" <= o."created_at")
);--> statement-breakpoint
-- hand-written: reviews named their book by its current ID (kept current by ON UPDATE CASCADE).
UPDATE "reviews" r SET "product_key" = p."product_key" FROM "products" p WHERE p."id" = r."product_id";--> statement-breakpoint
-- hand-written: every review was written on a line of its order. When an order has exactly one line
-- the rules above could not tell and exactly one review whose book has no line, they are the same book
-- (its ID and name both changed since the order).
UPDATE "order_items" oi SET "product_key" = r."product_key"
FROM "reviews" r
WHERE r."order_id" = oi."order_id" AND oi."product_key" IS NULL
	AND NOT EXISTS (SELECT 1 FROM "order_items" x WHERE x."order_id" = r."order_id" AND x."product_key" = r."product_key")
	AND (SELECT count(*) FROM "order_items" x WHERE x."order_id" = oi."order_id" AND x."product_key" IS NULL) = 1
	AND (SELECT count(*) FROM "reviews" y WHERE y."order_id" = r."order_id"
		AND NOT EXISTS (SELECT 1 FROM "order_items" x WHERE x."order_id" = y."order_id" AND x."product_key" = y."product_key")) = 1;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "product_key" SET NOT NULL;--> statement-breakpoint
-- hand-written: open checkouts carry the key of each book they priced, as new ones do.
UPDATE "checkout_sessions" cs SET "lines" = (
	SELECT jsonb_agg(CASE WHEN p."product_key" IS NULL THEN l ELSE l || jsonb_build_object('productKey', p."product_key") END ORDER BY n)
	FROM jsonb_array_elements(cs."lines") WITH ORDINALITY AS e(l, n)
	LEFT JOIN "products" p ON p."id" = l->>'productId'
)
WHERE cs."status" = 'open' AND jsonb_typeof(cs."lines") = 'array' AND jsonb_array_length(cs."lines") > 0;--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_product_id_products_id_fk";--> statement-breakpoint
DROP INDEX "reviews_order_product_unique";--> statement-breakpoint
DROP INDEX "reviews_product_created";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_key_products_product_key_fk" FOREIGN KEY ("product_key") REFERENCES "public"."products"("product_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_key_products_product_key_fk" FOREIGN KEY ("product_key") REFERENCES "public"."products"("product_key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_product_key" ON "order_items" USING btree ("product_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_product_unique" ON "reviews" USING btree ("order_id","product_key");--> statement-breakpoint
CREATE INDEX "reviews_product_created" ON "reviews" USING btree ("product_key","created_at");--> statement-breakpoint
ALTER TABLE "reviews" DROP COLUMN "product_id";--> statement-breakpoint
-- hand-written: the header search (migration 0003, decision 084) leaves archived books out. Same
-- inputs and answer columns as before; each candidate branch skips archived books, so they never
-- take a candidate's place.
CREATE OR REPLACE FUNCTION "search_products"(
	"p_ts_query" text,
	"p_text" text,
	"p_like" text,
	"p_threshold" real,
	"p_per" integer,
	"p_limit" integer
) RETURNS TABLE (
	"id" text,
	"name" text,
	"type" text,
	"description" text,
	"age" text,
	"price_pence" integer,
	"image_keys" text[]
)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET plan_cache_mode = force_generic_plan
SET pg_trgm.word_similarity_threshold = 0.6
AS $$
#variable_conflict use_column
BEGIN
	PERFORM set_config('pg_trgm.word_similarity_threshold', p_threshold::text, true);
	RETURN QUERY
	SELECT p.id, p.name, p.type, p.description, p.age, p.price_pence,
		coalesce((SELECT array_agg(i.image_key ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id), '{}'::text[])
	FROM products p
	WHERE p.id IN (
		(SELECT c.id FROM products c WHERE p_ts_query IS NOT NULL AND c.search_vector @@ to_tsquery('english', p_ts_query) AND c.archived_at IS NULL LIMIT p_per)
		UNION ALL
		(SELECT c.id FROM products c WHERE p_text IS NOT NULL AND p_text <% c.name AND c.archived_at IS NULL LIMIT p_per)
		UNION ALL
		(SELECT c.id FROM products c WHERE p_like IS NOT NULL AND c.name ILIKE p_like AND c.archived_at IS NULL LIMIT p_per)
	)
	ORDER BY coalesce(ts_rank(p.search_vector, to_tsquery('english', p_ts_query)), 0)
		+ coalesce(word_similarity(p_text, p.name), 0)
		+ CASE WHEN p.name ILIKE p_like THEN 0.5 ELSE 0 END DESC,
		p.name
	LIMIT p_limit;
END
$$;
