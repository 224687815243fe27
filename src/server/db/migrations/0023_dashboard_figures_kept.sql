-- The dashboard's figures kept in the transaction of every change (decision 158): triggers on
-- orders, order_items and print_jobs add each change, signed, to order_day_figures and
-- book_sale_figures (and keep orders.first_sale), so no code path can forget them. The triggers
-- never name a status: rows are keyed by the raw status, and the read side decides which count as
-- a sale (src/shared/order-status.ts). Then the figures are filled from the orders already made.

-- No order may change between the fill and the triggers' first firing.
LOCK TABLE orders, order_items, print_jobs IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint

-- One order's change, signed (+1 made or after, -1 gone or before).
CREATE TYPE dashboard_order_change AS (
  sign integer,
  id uuid,
  created_at timestamptz,
  status text,
  kind text,
  zone text,
  total_pence integer,
  shipping_pence integer,
  discount_pence integer,
  guest boolean,
  code boolean,
  first_sale boolean
);
--> statement-breakpoint

-- One print job's change, signed.
CREATE TYPE dashboard_job_change AS (
  sign integer,
  order_id uuid,
  cost_pence integer,
  dispatch_cost_pence integer,
  cost_currency text
);
--> statement-breakpoint

-- One order line's change, signed, with the order it counts under.
CREATE TYPE dashboard_line_change AS (
  sign integer,
  created_at timestamptz,
  status text,
  kind text,
  zone text,
  product_key uuid,
  product_id text,
  name text,
  quantity integer,
  unit_price_pence integer
);
--> statement-breakpoint

-- Adds signed orders to their day's row: the orders' own sums, their lines' copies and their
-- print job's costs as they are now (a job and lines count under their order's row).
CREATE FUNCTION dashboard_apply_orders(changes dashboard_order_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO order_day_figures AS f (day, status, kind, zone, orders, total_pence, shipping_pence, discount_pence,
      guest_orders, code_orders, code_total_pence, code_shipping_pence, code_discount_pence, new_customers, copies,
      costed_orders, costed_shipping_pence, dispatch_cost_pence, print_cost_pence)
  SELECT * FROM (
    SELECT (c.created_at AT TIME ZONE 'Europe/London')::date AS day, c.status, c.kind, c.zone,
           sum(c.sign)::integer AS orders,
           sum(c.sign * c.total_pence::bigint) AS total_pence,
           sum(c.sign * c.shipping_pence::bigint) AS shipping_pence,
           sum(c.sign * c.discount_pence::bigint) AS discount_pence,
           coalesce(sum(c.sign) FILTER (WHERE c.guest), 0)::integer AS guest_orders,
           coalesce(sum(c.sign) FILTER (WHERE c.code), 0)::integer AS code_orders,
           coalesce(sum(c.sign * c.total_pence::bigint) FILTER (WHERE c.code), 0) AS code_total_pence,
           coalesce(sum(c.sign * c.shipping_pence::bigint) FILTER (WHERE c.code), 0) AS code_shipping_pence,
           coalesce(sum(c.sign * c.discount_pence::bigint) FILTER (WHERE c.code), 0) AS code_discount_pence,
           coalesce(sum(c.sign) FILTER (WHERE c.first_sale), 0)::integer AS new_customers,
           sum(c.sign * coalesce(i.copies, 0))::bigint AS copies,
           coalesce(sum(c.sign) FILTER (WHERE j.costed), 0)::integer AS costed_orders,
           coalesce(sum(c.sign * c.shipping_pence::bigint) FILTER (WHERE j.costed), 0) AS costed_shipping_pence,
           coalesce(sum(c.sign * j.dispatch_cost_pence::bigint) FILTER (WHERE j.costed), 0) AS dispatch_cost_pence,
           sum(c.sign * coalesce(j.cost_pence, 0)::bigint) AS print_cost_pence
    FROM unnest(changes) AS c
    LEFT JOIN LATERAL (SELECT sum(quantity)::bigint AS copies FROM order_items WHERE order_id = c.id) AS i ON true
    LEFT JOIN LATERAL (
      SELECT pj.cost_pence, pj.dispatch_cost_pence,
             pj.dispatch_cost_pence IS NOT NULL AND upper(coalesce(pj.cost_currency, 'GBP')) = 'GBP' AS costed
      FROM print_jobs pj WHERE pj.order_id = c.id
    ) AS j ON true
    GROUP BY 1, 2, 3, 4
  ) AS d
  -- A change of no figure (an order moved and moved back within the statement) writes nothing.
  WHERE (orders, total_pence, shipping_pence, discount_pence, guest_orders, code_orders, code_total_pence,
         code_shipping_pence, code_discount_pence, new_customers, copies, costed_orders, costed_shipping_pence,
         dispatch_cost_pence, print_cost_pence) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT order_day_figures_key DO UPDATE SET
    orders = f.orders + excluded.orders,
    total_pence = f.total_pence + excluded.total_pence,
    shipping_pence = f.shipping_pence + excluded.shipping_pence,
    discount_pence = f.discount_pence + excluded.discount_pence,
    guest_orders = f.guest_orders + excluded.guest_orders,
    code_orders = f.code_orders + excluded.code_orders,
    code_total_pence = f.code_total_pence + excluded.code_total_pence,
    code_shipping_pence = f.code_shipping_pence + excluded.code_shipping_pence,
    code_discount_pence = f.code_discount_pence + excluded.code_discount_pence,
    new_customers = f.new_customers + excluded.new_customers,
    copies = f.copies + excluded.copies,
    costed_orders = f.costed_orders + excluded.costed_orders,
    costed_shipping_pence = f.costed_shipping_pence + excluded.costed_shipping_pence,
    dispatch_cost_pence = f.dispatch_cost_pence + excluded.dispatch_cost_pence,
    print_cost_pence = f.print_cost_pence + excluded.print_cost_pence;
  -- A day's row whose orders have all gone (moved to another status, or deleted) goes too.
  DELETE FROM order_day_figures
  WHERE orders = 0
    AND day IN (SELECT DISTINCT (c.created_at AT TIME ZONE 'Europe/London')::date FROM unnest(changes) AS c);
END $$;
--> statement-breakpoint

-- Adds signed lines to their book's day and month rows; with `copies`, to their order's day row too.
CREATE FUNCTION dashboard_apply_lines(changes dashboard_line_change[], copies boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  WITH c AS (
    SELECT (l.created_at AT TIME ZONE 'Europe/London')::date AS day, l.* FROM unnest(changes) AS l
  ),
  spans AS (
    SELECT 'day' AS span, c.day AS starts, c.* FROM c
    UNION ALL
    SELECT 'month', date_trunc('month', c.day)::date, c.* FROM c
  )
  INSERT INTO book_sale_figures AS f (span, starts, status, kind, product_key, product_id, name, lines, copies, revenue_pence)
  SELECT span, starts, status, kind, product_key,
         CASE WHEN product_key IS NULL THEN product_id ELSE '' END,
         CASE WHEN product_key IS NULL THEN name ELSE '' END,
         sum(sign), sum(sign * quantity::bigint), sum(sign * quantity::bigint * unit_price_pence)
  FROM spans
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING (sum(sign), sum(sign * quantity::bigint), sum(sign * quantity::bigint * unit_price_pence)) <> (0, 0, 0)
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT book_sale_figures_key DO UPDATE SET
    lines = f.lines + excluded.lines,
    copies = f.copies + excluded.copies,
    revenue_pence = f.revenue_pence + excluded.revenue_pence;
  DELETE FROM book_sale_figures f
  USING (
    SELECT DISTINCT (c.created_at AT TIME ZONE 'Europe/London')::date AS day FROM unnest(changes) AS c
  ) AS d
  WHERE f.lines = 0
    AND ((f.span = 'day' AND f.starts = d.day) OR (f.span = 'month' AND f.starts = date_trunc('month', d.day)::date));
  IF copies THEN
    INSERT INTO order_day_figures AS f (day, status, kind, zone, copies)
    SELECT (c.created_at AT TIME ZONE 'Europe/London')::date, c.status, c.kind, c.zone, sum(c.sign * c.quantity::bigint)
    FROM unnest(changes) AS c
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign * c.quantity::bigint) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT order_day_figures_key DO UPDATE SET copies = f.copies + excluded.copies;
  END IF;
END $$;
--> statement-breakpoint

-- Moves the lines of signed orders (their day, status or kind changed, or they are deleted).
CREATE FUNCTION dashboard_apply_order_lines(changes dashboard_order_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  PERFORM dashboard_apply_lines(ARRAY(
    SELECT ROW(c.sign, c.created_at, c.status, c.kind, c.zone, i.product_key, i.product_id, i.name, i.quantity,
               i.unit_price_pence)::dashboard_line_change
    FROM unnest(changes) AS c JOIN order_items i ON i.order_id = c.id
  ), false);
END $$;
--> statement-breakpoint

-- Keeps orders.first_sale on the first sale order (by created_at, then id) of each of these
-- addresses: one index lookup per address (orders_email_created) and one for its flagged order
-- (orders_first_sale_email), joined as sets so that a bulk insert of many addresses stays linear.
CREATE FUNCTION dashboard_mark_first_sales(emails text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(emails) = 0 THEN
    RETURN;
  END IF;
  WITH addresses AS (
    SELECT DISTINCT e.email FROM unnest(emails) AS e(email)
  ),
  firsts AS (
    SELECT a.email, f.id
    FROM addresses a
    LEFT JOIN LATERAL (
      SELECT x.id FROM orders x WHERE x.email = a.email AND x.kind = 'sale' ORDER BY x.created_at, x.id LIMIT 1
    ) AS f ON true
  ),
  changes AS (
    SELECT o.id, false AS first FROM firsts f JOIN orders o ON o.email = f.email
    WHERE o.first_sale AND o.id IS DISTINCT FROM f.id
    UNION ALL
    SELECT o.id, true FROM firsts f JOIN orders o ON o.id = f.id
    WHERE NOT o.first_sale
  )
  UPDATE orders o SET first_sale = c.first FROM changes c WHERE o.id = c.id;
END $$;
--> statement-breakpoint

CREATE FUNCTION dashboard_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_apply_orders(ARRAY(
    SELECT ROW(1, n.id, n.created_at, n.status, n.kind, n.delivery_zone, n.total_pence, n.shipping_pence,
               n.discount_pence, n.user_id IS NULL, n.discount_code IS NOT NULL, n.first_sale)::dashboard_order_change
    FROM new_rows n
  ));
  PERFORM dashboard_mark_first_sales(ARRAY(SELECT DISTINCT n.email FROM new_rows n WHERE n.kind = 'sale'));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION dashboard_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes dashboard_order_change[];
  moved dashboard_order_change[];
BEGIN
  WITH pairs AS (
    SELECT o.id, o.created_at AS o_created_at, o.status AS o_status, o.kind AS o_kind, o.delivery_zone AS o_zone,
           o.total_pence AS o_total, o.shipping_pence AS o_shipping, o.discount_pence AS o_discount,
           o.user_id IS NULL AS o_guest, o.discount_code IS NOT NULL AS o_code, o.first_sale AS o_first,
           n.created_at AS n_created_at, n.status AS n_status, n.kind AS n_kind, n.delivery_zone AS n_zone,
           n.total_pence AS n_total, n.shipping_pence AS n_shipping, n.discount_pence AS n_discount,
           n.user_id IS NULL AS n_guest, n.discount_code IS NOT NULL AS n_code, n.first_sale AS n_first,
           (o.created_at AT TIME ZONE 'Europe/London')::date IS DISTINCT FROM (n.created_at AT TIME ZONE 'Europe/London')::date
             OR o.status IS DISTINCT FROM n.status OR o.kind IS DISTINCT FROM n.kind AS lines_move
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.created_at, o.status, o.kind, o.delivery_zone, o.total_pence, o.shipping_pence, o.discount_pence,
           o.user_id IS NULL, o.discount_code IS NOT NULL, o.first_sale)
          IS DISTINCT FROM
          (n.created_at, n.status, n.kind, n.delivery_zone, n.total_pence, n.shipping_pence, n.discount_pence,
           n.user_id IS NULL, n.discount_code IS NOT NULL, n.first_sale)
  ),
  signed AS (
    SELECT ROW(-1, id, o_created_at, o_status, o_kind, o_zone, o_total, o_shipping, o_discount, o_guest, o_code,
               o_first)::dashboard_order_change AS change, lines_move FROM pairs
    UNION ALL
    SELECT ROW(1, id, n_created_at, n_status, n_kind, n_zone, n_total, n_shipping, n_discount, n_guest, n_code,
               n_first)::dashboard_order_change, lines_move FROM pairs
  )
  SELECT coalesce(array_agg(change), '{}'), coalesce(array_agg(change) FILTER (WHERE lines_move), '{}')
  INTO changes, moved FROM signed;
  PERFORM dashboard_apply_orders(changes);
  PERFORM dashboard_apply_order_lines(moved);
  -- An address, kind or time changed: the first sale order of the addresses concerned may be another.
  PERFORM dashboard_mark_first_sales(ARRAY(
    SELECT o.email FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.email, o.kind, o.created_at) IS DISTINCT FROM (n.email, n.kind, n.created_at)
    UNION
    SELECT n.email FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.email, o.kind, o.created_at) IS DISTINCT FROM (n.email, n.kind, n.created_at)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Before each order goes: its lines and print job go with it (the cascade deletes them after the
-- order, when their order's day and status can no longer be read), so they are taken off here.
CREATE FUNCTION dashboard_order_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change dashboard_order_change[] := ARRAY[ROW(-1, OLD.id, OLD.created_at, OLD.status, OLD.kind, OLD.delivery_zone,
    OLD.total_pence, OLD.shipping_pence, OLD.discount_pence, OLD.user_id IS NULL, OLD.discount_code IS NOT NULL,
    OLD.first_sale)::dashboard_order_change];
BEGIN
  PERFORM dashboard_apply_orders(change);
  PERFORM dashboard_apply_order_lines(change);
  RETURN OLD;
END $$;
--> statement-breakpoint

CREATE FUNCTION dashboard_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_mark_first_sales(ARRAY(SELECT DISTINCT o.email FROM old_rows o WHERE o.first_sale));
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Lines made, changed or deleted while their order stays (a deleted order's were taken off before).
CREATE FUNCTION dashboard_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes dashboard_line_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(
      SELECT ROW(1, o.created_at, o.status, o.kind, o.delivery_zone, i.product_key, i.product_id, i.name, i.quantity,
                 i.unit_price_pence)::dashboard_line_change
      FROM new_rows i JOIN orders o ON o.id = i.order_id);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(-1, o.created_at, o.status, o.kind, o.delivery_zone, i.product_key, i.product_id, i.name, i.quantity,
                 i.unit_price_pence)::dashboard_line_change
      FROM old_rows i JOIN orders o ON o.id = i.order_id);
  ELSE
    changes := ARRAY(
      SELECT ROW(-1, o.created_at, o.status, o.kind, o.delivery_zone, i.product_key, i.product_id, i.name, i.quantity,
                 i.unit_price_pence)::dashboard_line_change
      FROM old_rows i JOIN orders o ON o.id = i.order_id
      UNION ALL
      SELECT ROW(1, o.created_at, o.status, o.kind, o.delivery_zone, i.product_key, i.product_id, i.name, i.quantity,
                 i.unit_price_pence)::dashboard_line_change
      FROM new_rows i JOIN orders o ON o.id = i.order_id);
  END IF;
  PERFORM dashboard_apply_lines(changes, true);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Print jobs made, costed or deleted while their order stays: the costs on the order's day row.
CREATE FUNCTION dashboard_jobs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes dashboard_job_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := ARRAY(
      SELECT ROW(1, n.order_id, n.cost_pence, n.dispatch_cost_pence, n.cost_currency)::dashboard_job_change
      FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(
      SELECT ROW(-1, o.order_id, o.cost_pence, o.dispatch_cost_pence, o.cost_currency)::dashboard_job_change
      FROM old_rows o);
  ELSE
    -- The print worker updates its jobs often; only a change of cost (or of order) counts.
    changes := ARRAY(
      SELECT ROW(s.sign, s.order_id, s.cost_pence, s.dispatch_cost_pence, s.cost_currency)::dashboard_job_change
      FROM old_rows o JOIN new_rows n ON n.order_id = o.order_id
      CROSS JOIN LATERAL (VALUES (-1, o.order_id, o.cost_pence, o.dispatch_cost_pence, o.cost_currency),
                                 (1, n.order_id, n.cost_pence, n.dispatch_cost_pence, n.cost_currency))
        AS s(sign, order_id, cost_pence, dispatch_cost_pence, cost_currency)
      WHERE (o.cost_pence, o.dispatch_cost_pence, o.cost_currency)
            IS DISTINCT FROM (n.cost_pence, n.dispatch_cost_pence, n.cost_currency));
  END IF;
  IF cardinality(changes) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO order_day_figures AS f (day, status, kind, zone, costed_orders, costed_shipping_pence,
      dispatch_cost_pence, print_cost_pence)
  SELECT * FROM (
    SELECT (o.created_at AT TIME ZONE 'Europe/London')::date AS day, o.status, o.kind, o.delivery_zone AS zone,
           coalesce(sum(j.sign) FILTER (WHERE j.costed), 0)::integer AS costed_orders,
           coalesce(sum(j.sign * o.shipping_pence::bigint) FILTER (WHERE j.costed), 0) AS costed_shipping_pence,
           coalesce(sum(j.sign * j.dispatch_cost_pence::bigint) FILTER (WHERE j.costed), 0) AS dispatch_cost_pence,
           sum(j.sign * coalesce(j.cost_pence, 0)::bigint) AS print_cost_pence
    FROM (
      SELECT c.*, c.dispatch_cost_pence IS NOT NULL AND upper(coalesce(c.cost_currency, 'GBP')) = 'GBP' AS costed
      FROM unnest(changes) AS c
    ) AS j
    JOIN orders o ON o.id = j.order_id
    GROUP BY 1, 2, 3, 4
  ) AS d
  WHERE (costed_orders, costed_shipping_pence, dispatch_cost_pence, print_cost_pence) <> (0, 0, 0, 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT order_day_figures_key DO UPDATE SET
    costed_orders = f.costed_orders + excluded.costed_orders,
    costed_shipping_pence = f.costed_shipping_pence + excluded.costed_shipping_pence,
    dispatch_cost_pence = f.dispatch_cost_pence + excluded.dispatch_cost_pence,
    print_cost_pence = f.print_cost_pence + excluded.print_cost_pence;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Orders, lines or jobs emptied at once: their figures go with them.
CREATE FUNCTION dashboard_orders_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_day_figures;
  DELETE FROM book_sale_figures;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION dashboard_lines_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM book_sale_figures;
  UPDATE order_day_figures SET copies = 0 WHERE copies <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION dashboard_jobs_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_day_figures SET costed_orders = 0, costed_shipping_pence = 0, dispatch_cost_pence = 0, print_cost_pence = 0
  WHERE (costed_orders, costed_shipping_pence, dispatch_cost_pence, print_cost_pence) <> (0, 0, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Makes both tables again from the orders, their lines and jobs (the fill below; a check or a repair).
CREATE FUNCTION dashboard_refill_figures() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET first_sale = f.first
  FROM (
    SELECT id, kind = 'sale' AND row_number() OVER (PARTITION BY email, kind = 'sale' ORDER BY created_at, id) = 1 AS first
    FROM orders
  ) AS f
  WHERE o.id = f.id AND o.first_sale <> f.first;
  DELETE FROM order_day_figures;
  DELETE FROM book_sale_figures;
  PERFORM dashboard_apply_orders(ARRAY(
    SELECT ROW(1, o.id, o.created_at, o.status, o.kind, o.delivery_zone, o.total_pence, o.shipping_pence,
               o.discount_pence, o.user_id IS NULL, o.discount_code IS NOT NULL, o.first_sale)::dashboard_order_change
    FROM orders o
  ));
  PERFORM dashboard_apply_order_lines(ARRAY(
    SELECT ROW(1, o.id, o.created_at, o.status, o.kind, o.delivery_zone, o.total_pence, o.shipping_pence,
               o.discount_pence, o.user_id IS NULL, o.discount_code IS NOT NULL, o.first_sale)::dashboard_order_change
    FROM orders o
  ));
END $$;
--> statement-breakpoint

SELECT dashboard_refill_figures();
--> statement-breakpoint

CREATE TRIGGER dashboard_orders_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_updated();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_deleting BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_order_deleting();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_deleted();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_truncated();
--> statement-breakpoint
CREATE TRIGGER dashboard_lines_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_lines_updated AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_lines_deleted AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_lines_truncated AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_lines_truncated();
--> statement-breakpoint
CREATE TRIGGER dashboard_jobs_inserted AFTER INSERT ON print_jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_jobs_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_jobs_updated AFTER UPDATE ON print_jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_jobs_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_jobs_deleted AFTER DELETE ON print_jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_jobs_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_jobs_truncated AFTER TRUNCATE ON print_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_jobs_truncated();
