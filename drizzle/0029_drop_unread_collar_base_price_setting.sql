-- Decision 134: the personalised collar's base price is its base product's price. The setting
-- collar/base_price_cents (seeded 2500, never charged) is no longer read or written; shops seeded
-- before keep a row nothing reads, removed here so the table says only what is used.
DELETE FROM "personalization_settings" WHERE "setting_type" = 'collar' AND "setting_key" = 'base_price_cents';
