-- Issue 31 (decision 098): migration 0019 pointed the builder's four extras at the product page's
-- add-on products and left the old 'personalizacao-*' ones for the carts and orders of the time.
-- Those carts have long expired (orders keep their own copy of each line), so the old products
-- leave the owner's catalogue: archived (kept for the orders that name them), not deleted, and
-- only where nothing in the builder's table still points at them (a shop without the shared
-- products kept its rows in 0019).
UPDATE "products" AS p
SET "status" = 'archived', "updated_at" = now()
WHERE p."handle" IN ('personalizacao-nome-pet', 'personalizacao-instagram', 'personalizacao-extensor', 'personalizacao-perfume')
	AND p."status" <> 'archived'
	AND 'uso-interno' = ANY (p."tags")
	AND NOT EXISTS (SELECT 1 FROM "personalization_items" i WHERE i."addon_product_handle" = p."handle");
