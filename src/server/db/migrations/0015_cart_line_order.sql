ALTER TABLE "cart_lines" ADD COLUMN "added_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Lines already in carts keep the order they were shown in (by their last change).
UPDATE "cart_lines" SET "added_at" = "updated_at";
