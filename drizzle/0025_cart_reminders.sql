CREATE TABLE "cart_reminder_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"consent_text" text NOT NULL,
	"source" text NOT NULL,
	"granted_ip" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text,
	CONSTRAINT "cart_reminder_consents_source_valid" CHECK ("cart_reminder_consents"."source" in ('configuracoes')),
	CONSTRAINT "cart_reminder_consents_withdrawal_valid" CHECK (("cart_reminder_consents"."withdrawn_at" is null and "cart_reminder_consents"."withdrawn_via" is null) or ("cart_reminder_consents"."withdrawn_at" is not null and "cart_reminder_consents"."withdrawn_via" in ('configuracoes', 'email')))
);
--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cart_id" uuid,
	"cart_updated_at" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"restore_token_hash" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cart_reminder_consents" ADD CONSTRAINT "cart_reminder_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminder_consents_open_key" ON "cart_reminder_consents" USING btree ("user_id") WHERE "cart_reminder_consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_restore_token_key" ON "cart_reminders" USING btree ("restore_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_unsubscribe_token_key" ON "cart_reminders" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_cart_state_key" ON "cart_reminders" USING btree ("cart_id","cart_updated_at");--> statement-breakpoint
CREATE INDEX "cart_reminders_user_idx" ON "cart_reminders" USING btree ("user_id","sent_at");