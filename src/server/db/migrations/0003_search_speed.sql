-- The header search as one stored statement (decision 084). The repository calls it with the
-- inputs search-terms.ts made; being a PL/pgSQL function, its query is planned once per
-- connection and reused (planning was most of a search's time on PGlite), and its settings hold
-- for the call only:
--   enable_seqscan = off      each candidate branch is answered from its GIN index, never by
--                             computing similarity for every row;
--   plan_cache_mode           one generic plan for every input: bitmap scans on the GIN indexes,
--     = force_generic_plan    a branch whose input is null skipped by a one-time filter;
--   word_similarity_threshold how close a typed word must be to a word of a name (`<%`), given
--                             by the caller (set_config inside a function with a SET clause for
--                             the same setting is undone when the function returns).
-- Candidates: up to p_per full-text prefix matches (name, type, description), up to p_per names
-- with a word like the typed text, up to p_per names containing it. `union all` on purpose: the
-- IN removes duplicates, and a sorted union would make the planner read the primary key index
-- in order (a scan of the whole table for a rare word) instead of the trigram index.
CREATE FUNCTION "search_products"(
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
		(SELECT c.id FROM products c WHERE p_ts_query IS NOT NULL AND c.search_vector @@ to_tsquery('english', p_ts_query) LIMIT p_per)
		UNION ALL
		(SELECT c.id FROM products c WHERE p_text IS NOT NULL AND p_text <% c.name LIMIT p_per)
		UNION ALL
		(SELECT c.id FROM products c WHERE p_like IS NOT NULL AND c.name ILIKE p_like LIMIT p_per)
	)
	ORDER BY coalesce(ts_rank(p.search_vector, to_tsquery('english', p_ts_query)), 0)
		+ coalesce(word_similarity(p_text, p.name), 0)
		+ CASE WHEN p.name ILIKE p_like THEN 0.5 ELSE 0 END DESC,
		p.name
	LIMIT p_limit;
END
$$;
--> statement-breakpoint
-- The GIN indexes take new entries straight into the index. With the default fast update,
-- entries of new and edited products wait in a pending list that every search reads through
-- from start to end, until a vacuum moves them; the embedded database never vacuums on its own,
-- so a catalogue grown book by book in the admin searched several times slower (decision 084).
ALTER INDEX "products_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "products_search_vector" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_trgm'::regclass), gin_clean_pending_list('products_search_vector'::regclass);
