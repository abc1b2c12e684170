DROP INDEX "product_variants_sku_trgm";--> statement-breakpoint
DROP INDEX "products_title_trgm";--> statement-breakpoint
DROP INDEX "products_description_trgm";--> statement-breakpoint
DROP INDEX "products_tags_trgm";--> statement-breakpoint
DROP INDEX "products_handle_trgm";--> statement-breakpoint
DROP INDEX "search_terms_trgm";--> statement-breakpoint
DROP INDEX "search_words_trgm";--> statement-breakpoint
CREATE INDEX "product_variants_sku_trgm" ON "product_variants" USING gin (lower("sku") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_title_trgm" ON "products" USING gin ("search_title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_description_trgm" ON "products" USING gin ("search_description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_tags_trgm" ON "products" USING gin ("search_tags" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_handle_trgm" ON "products" USING gin ("handle" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_terms_trgm" ON "search_terms" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- product_search_keys_idx is an expression drizzle-kit cannot declare (drizzle/0007): altered by hand.
-- Its pending list is merged now; with fastupdate off no new one is started.
ALTER INDEX "product_search_keys_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('product_search_keys_idx'::regclass);
