ALTER TABLE "reviews" DROP CONSTRAINT "reviews_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "user_favorites" DROP CONSTRAINT "user_favorites_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "user_views" DROP CONSTRAINT "user_views_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "personalization_orders" DROP CONSTRAINT "personalization_orders_selected_art_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "personalization_orders" DROP CONSTRAINT "personalization_orders_selected_accessory_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "product_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_favorites" ALTER COLUMN "product_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "user_views" ALTER COLUMN "product_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "personalization_orders" ALTER COLUMN "selected_art_product_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "personalization_orders" ALTER COLUMN "selected_accessory_product_id" SET DATA TYPE text;--> statement-breakpoint
CREATE INDEX "user_favorites_product_idx" ON "user_favorites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "user_views_product_idx" ON "user_views" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_length" CHECK (char_length("reviews"."product_id") between 1 and 200);--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_product_id_length" CHECK (char_length("user_favorites"."product_id") between 1 and 200);--> statement-breakpoint
ALTER TABLE "user_views" ADD CONSTRAINT "user_views_product_id_length" CHECK (char_length("user_views"."product_id") between 1 and 200);