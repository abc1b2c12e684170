CREATE TABLE "personalization_files" (
	"key" text PRIMARY KEY NOT NULL,
	"visitor_id" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personalization_files_has_owner" CHECK ("personalization_files"."visitor_id" is not null or "personalization_files"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "personalization_files" ADD CONSTRAINT "personalization_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personalization_files_user_idx" ON "personalization_files" USING btree ("user_id");--> statement-breakpoint
-- Files uploaded before this table were named `{prefix}_{visitor}_{timestamp}.{ext}`. Their owner
-- is what the orders naming them recorded: the account. The visitor id is not carried over: it is
-- written in the key itself (shown by the access log, the admin's pages, backups), so it no longer
-- proves who is asking. Unordered old files (deleted after a day anyway) are the admin's only.
INSERT INTO "personalization_files" ("key", "user_id", "created_at")
SELECT DISTINCT ON (f.key) f.key, f.user_id, f.created_at
FROM (
	SELECT substr(u.url, length('/uploads/personalizacao-arquivos/') + 1) AS key, o.user_id, o.created_at
	FROM "personalization_orders" o
	CROSS JOIN LATERAL (VALUES (o.pet_face_file_url), (o.exclusive_art_file_url), (o.design_file_url)) AS u(url)
	WHERE u.url LIKE '/uploads/personalizacao-arquivos/%' AND o.user_id IS NOT NULL
) f
ORDER BY f.key, f.created_at
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
-- The open Aria chats of those browser sessions: their id was in a file name, so they are closed
-- (the panel starts a new one; the owner still reads the old one until it is purged).
UPDATE "aria_conversations" SET "closed_at" = now()
WHERE "closed_at" IS NULL AND "visitor_id"::text IN (
	SELECT "session_id" FROM "personalization_orders"
	WHERE "session_id" IS NOT NULL
		AND ("pet_face_file_url" IS NOT NULL OR "exclusive_art_file_url" IS NOT NULL OR "design_file_url" IS NOT NULL)
);
