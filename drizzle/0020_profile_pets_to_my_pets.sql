-- Issue 31 (decision 101): the profile's 'Nome do Pet' / 'Raça' asked what Meus Pets asks. Pets
-- now live only in Meus Pets: each profile pet becomes a pet there (a breed without a name becomes
-- 'Meu pet'), unless the customer already has a pet of that name, whose missing breed is then
-- filled in. The profile columns are emptied (kept for servers of the previous version during a
-- rolling deploy; nothing reads them any more).
UPDATE "pets" AS x
SET "breed" = left(btrim(p."pet_breed"), 60)
FROM "user_profiles" AS p
WHERE x."user_id" = p."user_id"
	AND lower(x."name") = lower(btrim(p."pet_name"))
	AND x."breed" IS NULL
	AND nullif(btrim(p."pet_breed"), '') IS NOT NULL;
--> statement-breakpoint
INSERT INTO "pets" ("user_id", "name", "breed", "created_at")
SELECT p."user_id",
	left(coalesce(nullif(btrim(p."pet_name"), ''), 'Meu pet'), 40),
	nullif(left(btrim(coalesce(p."pet_breed", '')), 60), ''),
	p."updated_at"
FROM "user_profiles" AS p
WHERE (nullif(btrim(p."pet_name"), '') IS NOT NULL OR nullif(btrim(p."pet_breed"), '') IS NOT NULL)
	AND NOT EXISTS (
		SELECT 1 FROM "pets" AS x
		WHERE x."user_id" = p."user_id" AND lower(x."name") = lower(coalesce(nullif(btrim(p."pet_name"), ''), 'Meu pet'))
	);
--> statement-breakpoint
UPDATE "user_profiles" SET "pet_name" = NULL, "pet_breed" = NULL
WHERE "pet_name" IS NOT NULL OR "pet_breed" IS NOT NULL;
