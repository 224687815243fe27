ALTER TABLE "discount_codes" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "discount_codes_created_code" ON "discount_codes" USING btree ("created_at","code");--> statement-breakpoint
CREATE INDEX "orders_email_created" ON "orders" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "orders_address_missing_created" ON "orders" USING btree ("created_at") WHERE "orders"."address_missing";--> statement-breakpoint
CREATE INDEX "reviews_created" ON "reviews" USING btree ("created_at");