CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "activity_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"ip" "inet",
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"subject_label" text NOT NULL,
	"subject_user_id" uuid,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "activity_log_kind_valid" CHECK ("activity_log"."kind" in ('price', 'stock', 'settings', 'order_status', 'refund', 'role', 'review', 'photo')),
	CONSTRAINT "activity_log_subject_type_valid" CHECK ("activity_log"."subject_type" in ('product', 'variant', 'personalization', 'settings', 'order', 'user', 'review', 'photo'))
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_created_idx" ON "activity_log" USING btree ("created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_kind_idx" ON "activity_log" USING btree ("kind","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_subject_user_idx" ON "activity_log" USING btree ("subject_user_id");--> statement-breakpoint
-- Decision 095: the activity log is append-only. An UPDATE is refused unless it only clears
-- actor_id or subject_user_id (the foreign keys' ON DELETE SET NULL when an account is deleted);
-- DELETE stays possible for the retention purge.
CREATE OR REPLACE FUNCTION f_activity_log_append_only() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	IF (NEW.id, NEW.seq, NEW.created_at, NEW.actor_email, NEW.ip, NEW.kind, NEW.subject_type, NEW.subject_id, NEW.subject_label, NEW.before, NEW.after)
			IS NOT DISTINCT FROM (OLD.id, OLD.seq, OLD.created_at, OLD.actor_email, OLD.ip, OLD.kind, OLD.subject_type, OLD.subject_id, OLD.subject_label, OLD.before, OLD.after)
		AND (NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id OR NEW.actor_id IS NULL)
		AND (NEW.subject_user_id IS NOT DISTINCT FROM OLD.subject_user_id OR NEW.subject_user_id IS NULL) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'o registro de atividade não pode ser alterado' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only BEFORE UPDATE ON "public"."activity_log"
	FOR EACH ROW EXECUTE FUNCTION f_activity_log_append_only();
