CREATE TABLE "restock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"variant_id" uuid NOT NULL,
	"user_id" uuid,
	"token" text NOT NULL,
	"consent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_ip" "inet",
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_alerts_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_email_variant_unique" ON "restock_alerts" USING btree ("email","variant_id");--> statement-breakpoint
CREATE INDEX "restock_alerts_waiting_idx" ON "restock_alerts" USING btree ("variant_id") WHERE "restock_alerts"."confirmed_at" is not null and "restock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "restock_alerts_user_idx" ON "restock_alerts" USING btree ("user_id");