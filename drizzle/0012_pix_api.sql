CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"provider_event_id" text,
	"amount_cents" integer,
	"detail" text,
	"event_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "payment_events_kind_valid" CHECK ("payment_events"."kind" in ('charge_created', 'charge_fallback', 'notification_received', 'confirmed', 'flag_amount_mismatch', 'flag_paid_after_expiry', 'flag_unknown_charge', 'charge_removed', 'refund_requested', 'refund_completed', 'refund_failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_inbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"processed_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_txid" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pix_copia_e_cola" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_key" ON "payment_events" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_flags_idx" ON "payment_events" USING btree ("created_at") WHERE "payment_events"."kind" like 'flag_%';--> statement-breakpoint
CREATE INDEX "payment_inbox_pending_idx" ON "payment_inbox" USING btree ("received_at") WHERE "payment_inbox"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pix_txid_unique" ON "orders" USING btree ("pix_txid");