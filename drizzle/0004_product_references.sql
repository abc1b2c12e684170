-- Our tables keep product ids as text without a foreign key (decision 051): the hosted store's
-- gids or the built-in catalogue's uuids. Deleting a built-in product does what the foreign keys
-- did (favourites, views and reviews deleted; a personalization's chosen art or accessory set
-- null). Statement-level: a bulk delete runs these once. Qualified names: pg_restore runs with an
-- empty search_path (decision 023).
CREATE OR REPLACE FUNCTION f_delete_product_references() RETURNS trigger
	LANGUAGE plpgsql
	AS $$
BEGIN
	DELETE FROM public.user_favorites WHERE product_id IN (SELECT id::text FROM old_rows);
	DELETE FROM public.user_views WHERE product_id IN (SELECT id::text FROM old_rows);
	DELETE FROM public.reviews WHERE product_id IN (SELECT id::text FROM old_rows);
	UPDATE public.personalization_orders SET selected_art_product_id = NULL
		WHERE selected_art_product_id IN (SELECT id::text FROM old_rows);
	UPDATE public.personalization_orders SET selected_accessory_product_id = NULL
		WHERE selected_accessory_product_id IN (SELECT id::text FROM old_rows);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_delete_references AFTER DELETE ON products
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION f_delete_product_references();
