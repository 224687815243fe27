-- When each order moved into its present status (decision 171): the moment of its last history line
-- that moved it (from_status distinct from to_status; the making's line, from nothing, counts), kept by
-- statement triggers on order_status_changes so no code path can forget it. The dashboard's orders
-- in transit since before a moment are then an index range on (status, status_since), not a look
-- at every such order's history. Event lines (a refund, a reference set) do not move it.

-- No history line may be written between the fill and the triggers' first firing.
LOCK TABLE orders, order_status_changes IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_since" timestamp with time zone;
--> statement-breakpoint

-- The orders named: status_since read again from their history.
CREATE FUNCTION orders_status_since_of(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o SET status_since = m.at
  FROM (SELECT x.id, (SELECT max(c.created_at) FROM order_status_changes c
                       WHERE c.order_id = x.id AND c.from_status IS DISTINCT FROM c.to_status) AS at
        FROM unnest(ids) AS x(id)) m
  WHERE o.id = m.id AND o.status_since IS DISTINCT FROM m.at
$$;
--> statement-breakpoint
-- After history lines are written, re-dated or deleted: their orders. A new line that moves nothing
-- (a refund's, a reference's) cannot change its order's moment.
CREATE FUNCTION orders_status_since_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM orders_status_since_of(ARRAY(SELECT order_id FROM new_rows WHERE from_status IS DISTINCT FROM to_status));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM orders_status_since_of(ARRAY(SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows));
  ELSE
    PERFORM orders_status_since_of(ARRAY(SELECT order_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The orders already made, by the same rule.
SELECT orders_status_since_of(ARRAY(SELECT id FROM orders));
--> statement-breakpoint

CREATE TRIGGER orders_status_since_inserted AFTER INSERT ON order_status_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_status_since_lines_changed();
--> statement-breakpoint
CREATE TRIGGER orders_status_since_updated AFTER UPDATE ON order_status_changes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_status_since_lines_changed();
--> statement-breakpoint
CREATE TRIGGER orders_status_since_deleted AFTER DELETE ON order_status_changes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_status_since_lines_changed();
--> statement-breakpoint

CREATE INDEX "orders_status_since_id" ON "orders" USING btree ("status","status_since","id");
