CREATE TABLE "book_sale_figures" (
	"span" text NOT NULL,
	"starts" date NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"product_key" uuid,
	"product_id" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"copies" bigint DEFAULT 0 NOT NULL,
	"revenue_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_sale_figures_key" UNIQUE NULLS NOT DISTINCT("span","starts","status","kind","product_key","product_id","name")
);
--> statement-breakpoint
CREATE TABLE "order_day_figures" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"zone" text,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_pence" bigint DEFAULT 0 NOT NULL,
	"shipping_pence" bigint DEFAULT 0 NOT NULL,
	"discount_pence" bigint DEFAULT 0 NOT NULL,
	"guest_orders" integer DEFAULT 0 NOT NULL,
	"code_orders" integer DEFAULT 0 NOT NULL,
	"code_total_pence" bigint DEFAULT 0 NOT NULL,
	"code_shipping_pence" bigint DEFAULT 0 NOT NULL,
	"code_discount_pence" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"copies" bigint DEFAULT 0 NOT NULL,
	"costed_orders" integer DEFAULT 0 NOT NULL,
	"costed_shipping_pence" bigint DEFAULT 0 NOT NULL,
	"dispatch_cost_pence" bigint DEFAULT 0 NOT NULL,
	"print_cost_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_figures_key" UNIQUE NULLS NOT DISTINCT("day","status","kind","zone")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_first_sale_email" ON "orders" USING btree ("email") WHERE "orders"."first_sale";