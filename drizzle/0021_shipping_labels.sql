CREATE TABLE "shipping_labels" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"step" text DEFAULT 'new' NOT NULL,
	"me_order_id" text,
	"protocol" text,
	"tracking_code" text,
	"print_url" text,
	"last_error" text,
	"running_until" timestamp with time zone,
	"tracked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_labels_step_valid" CHECK ("shipping_labels"."step" in ('new', 'cart', 'paid', 'generated', 'printed', 'done'))
);
--> statement-breakpoint
CREATE TABLE "shipping_tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_tracking_events" ADD CONSTRAINT "shipping_tracking_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_me_order_unique" ON "shipping_labels" USING btree ("me_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_tracking_events_order_kind_unique" ON "shipping_tracking_events" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "shipping_tracking_events_order_idx" ON "shipping_tracking_events" USING btree ("order_id","occurred_at");