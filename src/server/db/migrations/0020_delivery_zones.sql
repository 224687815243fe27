CREATE TABLE "delivery_zones" (
	"position" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"countries" jsonb NOT NULL,
	"first_book_pence" integer NOT NULL,
	"each_further_book_pence" integer NOT NULL,
	"free_over_pence" integer,
	"estimate" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "delivery_country" text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "delivery_zone" text DEFAULT 'United Kingdom' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "delivery_countries" jsonb DEFAULT '["GB"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "dispatch_cost_pence" integer;