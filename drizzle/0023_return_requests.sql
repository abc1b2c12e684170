CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"reason" text,
	"reason_text" text,
	"admin_message" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"refund_method" text,
	"refund_cents" integer,
	"refund_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_valid" CHECK ("return_requests"."status" in ('aberto', 'aprovado', 'recusado')),
	CONSTRAINT "return_requests_reason_valid" CHECK ("return_requests"."reason" is null or "return_requests"."reason" in ('desisti', 'tamanho', 'diferente', 'defeito', 'atraso', 'outro')),
	CONSTRAINT "return_requests_refund_method_valid" CHECK ("return_requests"."refund_method" is null or "return_requests"."refund_method" in ('api-pix', 'mercadopago', 'manual')),
	CONSTRAINT "return_requests_reason_text_length" CHECK ("return_requests"."reason_text" is null or char_length("return_requests"."reason_text") <= 1000),
	CONSTRAINT "return_requests_message_length" CHECK ("return_requests"."admin_message" is null or char_length("return_requests"."admin_message") <= 1000),
	CONSTRAINT "return_requests_refund_nonnegative" CHECK ("return_requests"."refund_cents" is null or "return_requests"."refund_cents" >= 0),
	CONSTRAINT "return_requests_decided" CHECK (("return_requests"."status" = 'aberto') = ("return_requests"."decided_at" is null)),
	CONSTRAINT "return_requests_approved_refund" CHECK ("return_requests"."status" <> 'aprovado' or ("return_requests"."refund_method" is not null and "return_requests"."refund_cents" is not null))
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_valid";--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_one_open_per_order" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" = 'aberto';--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_valid" CHECK ("activity_log"."kind" in ('price', 'stock', 'settings', 'order_status', 'refund', 'role', 'review', 'photo', 'return_request'));