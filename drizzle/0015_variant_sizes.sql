ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_size_positive" CHECK (("product_variants"."weight_grams" is null or "product_variants"."weight_grams" between 1 and 100000) and ("product_variants"."length_cm" is null or "product_variants"."length_cm" between 1 and 200)
				and ("product_variants"."width_cm" is null or "product_variants"."width_cm" between 1 and 200) and ("product_variants"."height_cm" is null or "product_variants"."height_cm" between 1 and 200));