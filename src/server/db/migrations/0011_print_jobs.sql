CREATE TABLE "print_jobs" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"partner" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claim_id" uuid,
	"problem" text,
	"partner_ref" text,
	"partner_state" text,
	"partner_status" text,
	"cost_pence" integer,
	"cost_currency" text,
	"submitted_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_due" ON "print_jobs" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "print_jobs_checked" ON "print_jobs" USING btree ("state","checked_at");