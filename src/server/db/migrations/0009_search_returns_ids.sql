-- hand-written:
-- The header search answers product ids in rank order (decision 084), and the repository reads
-- those products like every other product read (the one row mapping of a book's declared fields),
-- instead of a function that spelled out a product's columns in its own RETURNS TABLE. Same
-- candidates, ranking and settings as search_products (0003_search_speed; archived books left out
-- since 0008_product_keys), which it replaces.
DROP FUNCTION IF EXISTS "search_products"(text, text, text, real, integer, integer);--> statement-breakpoint
CREATE FUNCTION "search_product_ids"(
	"p_ts_query" text,
	"p_text" text,
	"p_like" text,
	"p_threshold" real,
	"p_per" integer,
	"p_limit" integer
) RETURNS SETOF text
LANGUAGE plpgsql STABLE
SET enable_seqscan = off
SET plan_cache_mode = force_generic_plan
SET pg_trgm.word_similarity_threshold = 0.6
AS $$
#variable_conflict use_column
BEGIN
	PERFORM set_config('pg_trgm.word_similarity_threshold', p_threshold::text, true);
	RETURN QUERY
	SELECT p.id
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
