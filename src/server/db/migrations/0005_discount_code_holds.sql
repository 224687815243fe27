ALTER TABLE "checkout_sessions" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 hour' NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "held_by_checkout_id" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
-- hand-written:
-- Checkouts made before this column existed were payable for an hour (Stripe's expires_at and the demo's).
UPDATE "checkout_sessions" SET "expires_at" = "created_at" + interval '1 hour';--> statement-breakpoint
-- An open checkout made before holds existed holds its code until it expires (the newest one,
-- when the old code let several open with one code); the hold outlasts it by 5 minutes (decision 036).
UPDATE "discount_codes" AS d
SET "held_by_checkout_id" = c."id", "held_until" = c."expires_at" + interval '5 minutes'
FROM (
  SELECT DISTINCT ON ("discount_code") "id", "discount_code", "expires_at"
  FROM "checkout_sessions"
  WHERE "status" = 'open' AND "discount_code" IS NOT NULL AND "expires_at" > now()
  ORDER BY "discount_code", "created_at" DESC
) AS c
WHERE d."code" = c."discount_code" AND d."used_at" IS NULL;
