-- Issue 31 (decision 098): one add-on, one product, one price. The bandana builder's pet name,
-- Instagram, extensor and perfume extras charged products of their own ('personalizacao-*',
-- R$ 9,99 / 9,99 / 4,99 / 12,99) while the product page charged 'adicional-*' (R$ 10,00 / 10,00 /
-- 5,00 / 12,99) for the same thing. The extras now point at the product page's products and take
-- their price (the one the owner may have edited); the old products stay, unused, for the old
-- carts and orders that name them. A shop whose catalogue lacks the shared product keeps its row.
UPDATE "personalization_items" AS i
SET "addon_product_handle" = m.shared,
	"price_cents" = coalesce((
		SELECT min(v."price_cents") FROM "product_variants" v JOIN "products" p ON p."id" = v."product_id"
		WHERE p."handle" = m.shared
	), i."price_cents")
FROM (VALUES
	('personalizacao-nome-pet', 'adicional-nome-pet'),
	('personalizacao-instagram', 'adicional-instagram-pet'),
	('personalizacao-extensor', 'adicional-extensor'),
	('personalizacao-perfume', 'adicional-perfume')
) AS m(old, shared)
WHERE i."addon_product_handle" = m.old
	AND EXISTS (SELECT 1 FROM "products" p WHERE p."handle" = m.shared);
