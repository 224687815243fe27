CREATE TABLE "order_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"bookvault_ref" text,
	"tracking_ref" text,
	"changed_by" text NOT NULL,
	"mail_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_created";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_missing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_ref" text;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order" ON "order_status_changes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_id" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_id" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
-- Orders made before this migration: their making is the first line of their history, and a demo order's payment is 'demo'.
INSERT INTO "order_status_changes" ("order_id", "from_status", "to_status", "changed_by", "created_at") SELECT "id", NULL, 'Printing', 'checkout', "created_at" FROM "orders";--> statement-breakpoint
UPDATE "orders" SET "payment_ref" = 'demo' WHERE "checkout_session_id" LIKE 'demo\_%';
