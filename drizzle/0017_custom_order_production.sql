ALTER TABLE "personalization_orders" ADD COLUMN "production_started_at" timestamp with time zone;--> statement-breakpoint
-- Decision 090: pieces completed before production stages existed count as started when completed.
UPDATE "personalization_orders" SET "production_started_at" = "order_completed_at" WHERE "order_completed";--> statement-breakpoint
ALTER TABLE "personalization_orders" ADD CONSTRAINT "personalization_orders_completed_after_start" CHECK (not "personalization_orders"."order_completed" or "personalization_orders"."production_started_at" is not null);
