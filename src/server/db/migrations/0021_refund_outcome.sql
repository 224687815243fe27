ALTER TABLE "refunds" ADD COLUMN "outcome_recorded_at" timestamp with time zone;--> statement-breakpoint
-- Refunds answered before this column: their outcome was recorded then.
UPDATE "refunds" SET "outcome_recorded_at" = "updated_at" WHERE "provider_refund_id" IS NOT NULL OR "state" <> 'pending';
