CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"full_name" text,
	"pet_name" text,
	"pet_breed" text,
	"phone" text,
	"instagram_handle" text,
	"cpf" text,
	"referred_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_valid" CHECK ("user_roles"."role" in ('admin', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"referral_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_tokens_purpose_valid" CHECK ("verification_tokens"."purpose" in ('confirm_email', 'reset_password', 'change_email'))
);
--> statement-breakpoint
CREATE TABLE "collection_products" (
	"collection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_products_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"sort_order" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_sort_order_known" CHECK ("collections"."sort_order" in ('manual', 'menor-preco', 'maior-preco', 'novidades', 'mais-vendidos'))
);
--> statement-breakpoint
CREATE TABLE "product_handle_redirects" (
	"handle" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"url" text NOT NULL,
	"alt_text" text,
	"width" integer,
	"height" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"values" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sku" text,
	"price_cents" integer NOT NULL,
	"compare_at_price_cents" integer,
	"stock" integer,
	"available" boolean DEFAULT true NOT NULL,
	"selected_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"image_id" uuid,
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_compare_at_nonnegative" CHECK ("product_variants"."compare_at_price_cents" is null or "product_variants"."compare_at_price_cents" >= 0),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" is null or "product_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search_title" text GENERATED ALWAYS AS (f_unaccent(lower("title"))) STORED NOT NULL,
	"search_description" text GENERATED ALWAYS AS (f_unaccent(lower("description"))) STORED NOT NULL,
	"search_tags" text GENERATED ALWAYS AS (f_search_tags("tags")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_valid" CHECK ("products"."status" in ('active', 'draft', 'archived')),
	CONSTRAINT "products_handle_format" CHECK ("products"."handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"topic" text DEFAULT 'tech' NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launch_notifications_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_valid" CHECK ("mail_outbox"."status" in ('stored', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aria_breed_sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"neck_mm" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aria_breed_sizes_neck_range" CHECK ("aria_breed_sizes"."neck_mm" between 100 and 900),
	CONSTRAINT "aria_breed_sizes_name_length" CHECK (char_length("aria_breed_sizes"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "aria_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "aria_knowledge_base" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aria_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "aria_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"engine" text,
	"unanswered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aria_messages_role" CHECK ("aria_messages"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "aria_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_handle" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aria_products_price_nonnegative" CHECK ("aria_products"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"order_id" uuid,
	"user_id" uuid,
	"rating" integer NOT NULL,
	"comment" text,
	"is_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_customer_name_length" CHECK (char_length("reviews"."customer_name") between 1 and 50),
	CONSTRAINT "reviews_comment_length" CHECK ("reviews"."comment" is null or char_length("reviews"."comment") <= 500)
);
--> statement-breakpoint
CREATE TABLE "user_favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"product_handle" text NOT NULL,
	"product_image_url" text,
	"product_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favorites_price_nonnegative" CHECK ("user_favorites"."product_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"session_id" text,
	"product_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"product_handle" text NOT NULL,
	"product_image_url" text,
	"product_price_cents" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_views_owner_present" CHECK ("user_views"."user_id" is not null or "user_views"."session_id" is not null),
	CONSTRAINT "user_views_price_nonnegative" CHECK ("user_views"."product_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '🏅' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"badge_tier" text NOT NULL,
	"tier_rank" integer GENERATED ALWAYS AS (case badge_tier when 'bronze' then 1 when 'prata' then 2 when 'ouro' then 3 when 'diamante' then 4 end) STORED NOT NULL,
	"points_reward" integer DEFAULT 0 NOT NULL,
	"rule_type" text NOT NULL,
	"rule_threshold" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_tier_valid" CHECK ("badges"."badge_tier" in ('bronze', 'prata', 'ouro', 'diamante')),
	CONSTRAINT "badges_rule_type_valid" CHECK ("badges"."rule_type" in ('total_points', 'orders_paid', 'photos_approved', 'reviews_approved', 'referrals_paid', 'favorites')),
	CONSTRAINT "badges_rule_threshold_positive" CHECK ("badges"."rule_threshold" >= 1),
	CONSTRAINT "badges_points_reward_nonnegative" CHECK ("badges"."points_reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_points" integer NOT NULL,
	CONSTRAINT "loyalty_levels_level_positive" CHECK ("loyalty_levels"."level" >= 1),
	CONSTRAINT "loyalty_levels_min_points_nonnegative" CHECK ("loyalty_levels"."min_points" >= 0),
	CONSTRAINT "loyalty_levels_first_starts_at_zero" CHECK ("loyalty_levels"."level" <> 1 or "loyalty_levels"."min_points" = 0)
);
--> statement-breakpoint
CREATE TABLE "points_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"action_type" text NOT NULL,
	"description" text NOT NULL,
	"points" integer NOT NULL,
	"event_key" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" uuid NOT NULL,
	"badge_id" uuid NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"announced_at" timestamp with time zone,
	CONSTRAINT "user_badges_user_id_badge_id_pk" PRIMARY KEY("user_id","badge_id")
);
--> statement-breakpoint
CREATE TABLE "user_gamification" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"current_level_points" integer DEFAULT 0 NOT NULL,
	"points_to_next_level" integer DEFAULT 0 NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_gamification_level_positive" CHECK ("user_gamification"."level" >= 1),
	CONSTRAINT "user_gamification_points_to_next_nonnegative" CHECK ("user_gamification"."points_to_next_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"photo_url" text NOT NULL,
	"caption" text,
	"is_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hero_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_url" text NOT NULL,
	"poster_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personalization_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_url" text NOT NULL,
	"poster_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_cta_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_url" text NOT NULL,
	"poster_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "color_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"hex_code" text NOT NULL,
	"is_pattern" boolean DEFAULT false NOT NULL,
	"product_type" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "color_options_hex_format" CHECK ("color_options"."hex_code" ~ '^#[0-9A-Fa-f]{6}$'),
	CONSTRAINT "color_options_product_type_valid" CHECK ("color_options"."product_type" in ('bandana', 'collar')),
	CONSTRAINT "color_options_name_present" CHECK (char_length(btrim("color_options"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "personalization_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"item_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"product_type" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"addon_product_handle" text,
	CONSTRAINT "personalization_items_price_nonnegative" CHECK ("personalization_items"."price_cents" >= 0),
	CONSTRAINT "personalization_items_product_type_valid" CHECK ("personalization_items"."product_type" in ('bandana', 'collar'))
);
--> statement-breakpoint
CREATE TABLE "personalization_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" text,
	"user_id" uuid,
	"product_type" text NOT NULL,
	"selected_color" text,
	"pet_name" text,
	"pet_instagram" text,
	"selected_art_product_id" uuid,
	"selected_art_product_title" text,
	"selected_accessory_product_id" uuid,
	"selected_accessory_product_title" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"pet_face_file_url" text,
	"exclusive_art_file_url" text,
	"include_extensor" boolean DEFAULT false NOT NULL,
	"include_extra_button" boolean DEFAULT false NOT NULL,
	"include_perfume" boolean DEFAULT false NOT NULL,
	"include_rosto" boolean DEFAULT false NOT NULL,
	"total_price_cents" integer NOT NULL,
	"order_completed" boolean DEFAULT false NOT NULL,
	"order_completed_at" timestamp with time zone,
	"admin_notes" text,
	"shopify_checkout_url" text,
	"wholesale" boolean DEFAULT false NOT NULL,
	"side_name" text,
	"design_file_url" text,
	"order_id" uuid,
	CONSTRAINT "personalization_orders_product_type_valid" CHECK ("personalization_orders"."product_type" in ('bandana', 'collar')),
	CONSTRAINT "personalization_orders_total_nonnegative" CHECK ("personalization_orders"."total_price_cents" >= 0),
	CONSTRAINT "personalization_orders_quantity_positive" CHECK ("personalization_orders"."quantity" >= 1),
	CONSTRAINT "personalization_orders_side_name_length" CHECK ("personalization_orders"."side_name" is null or char_length("personalization_orders"."side_name") <= 20),
	CONSTRAINT "personalization_orders_pet_name_length" CHECK ("personalization_orders"."pet_name" is null or char_length("personalization_orders"."pet_name") <= 20),
	CONSTRAINT "personalization_orders_pet_instagram_length" CHECK ("personalization_orders"."pet_instagram" is null or char_length("personalization_orders"."pet_instagram") <= 30),
	CONSTRAINT "personalization_orders_completed_at_consistent" CHECK ("personalization_orders"."order_completed" = ("personalization_orders"."order_completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "personalization_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setting_type" text NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wholesale_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_type" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer,
	"unit_price_cents" integer NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wholesale_pricing_product_type_valid" CHECK ("wholesale_pricing"."product_type" in ('bandana', 'collar')),
	CONSTRAINT "wholesale_pricing_min_positive" CHECK ("wholesale_pricing"."min_quantity" >= 1),
	CONSTRAINT "wholesale_pricing_max_not_below_min" CHECK ("wholesale_pricing"."max_quantity" is null or "wholesale_pricing"."max_quantity" >= "wholesale_pricing"."min_quantity"),
	CONSTRAINT "wholesale_pricing_price_nonnegative" CHECK ("wholesale_pricing"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"is_subscription" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart_lines_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_format" CHECK ("coupons"."code" = upper("coupons"."code") and length("coupons"."code") between 1 and 50),
	CONSTRAINT "coupons_kind_valid" CHECK ("coupons"."kind" in ('percentage', 'fixed', 'free_shipping')),
	CONSTRAINT "coupons_value_valid" CHECK (("coupons"."kind" = 'percentage' and "coupons"."value" between 1 and 100)
				or ("coupons"."kind" = 'fixed' and "coupons"."value" > 0)
				or ("coupons"."kind" = 'free_shipping' and "coupons"."value" = 0)),
	CONSTRAINT "coupons_min_subtotal_nonnegative" CHECK ("coupons"."min_subtotal_cents" >= 0),
	CONSTRAINT "coupons_usage_valid" CHECK ("coupons"."used_count" >= 0 and ("coupons"."usage_limit" is null or ("coupons"."usage_limit" > 0 and "coupons"."used_count" <= "coupons"."usage_limit"))),
	CONSTRAINT "coupons_window_valid" CHECK ("coupons"."starts_at" is null or "coupons"."ends_at" is null or "coupons"."starts_at" < "coupons"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"variant_id" uuid,
	"product_handle" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"image_url" text,
	"selected_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"is_subscription" boolean DEFAULT false NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_unit_price_nonnegative" CHECK ("order_lines"."unit_price_cents" >= 0),
	CONSTRAINT "order_lines_total_consistent" CHECK ("order_lines"."line_total_cents" = "order_lines"."unit_price_cents" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_from_valid" CHECK ("order_status_history"."from_status" is null or "order_status_history"."from_status" in ('aguardando_pagamento', 'pago', 'em_producao', 'enviado', 'entregue', 'cancelado')),
	CONSTRAINT "order_status_history_to_valid" CHECK ("order_status_history"."to_status" in ('aguardando_pagamento', 'pago', 'em_producao', 'enviado', 'entregue', 'cancelado'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"cart_id" uuid,
	"session_token_hash" text,
	"access_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'aguardando_pagamento' NOT NULL,
	"customer_name" text NOT NULL,
	"email" text NOT NULL,
	"cpf" text NOT NULL,
	"phone" text NOT NULL,
	"cep" text NOT NULL,
	"street" text NOT NULL,
	"number" text NOT NULL,
	"complement" text,
	"district" text NOT NULL,
	"city" text NOT NULL,
	"uf" text NOT NULL,
	"shipping_cents" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"pix_discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"delivery_min_days" integer,
	"delivery_max_days" integer,
	"coupon_code" text,
	"payment_method" text NOT NULL,
	"payment_provider" text,
	"payment_reference" text,
	"payment_mode" text,
	"installments" integer DEFAULT 1 NOT NULL,
	"tracking_code" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('aguardando_pagamento', 'pago', 'em_producao', 'enviado', 'entregue', 'cancelado')),
	CONSTRAINT "orders_payment_method_valid" CHECK ("orders"."payment_method" in ('pix', 'card')),
	CONSTRAINT "orders_payment_mode_valid" CHECK ("orders"."payment_mode" is null or "orders"."payment_mode" in ('test', 'live')),
	CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."shipping_cents" >= 0 and "orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."pix_discount_cents" >= 0 and "orders"."total_cents" >= 0),
	CONSTRAINT "orders_total_consistent" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" + "orders"."shipping_cents" - "orders"."discount_cents" - "orders"."pix_discount_cents"),
	CONSTRAINT "orders_installments_range" CHECK ("orders"."installments" between 1 and 6),
	CONSTRAINT "orders_uf_format" CHECK ("orders"."uf" ~ '^[A-Z]{2}$'),
	CONSTRAINT "orders_cep_format" CHECK ("orders"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "orders_cpf_format" CHECK ("orders"."cpf" ~ '^[0-9]{11}$')
);
--> statement-breakpoint
CREATE TABLE "remote_cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"is_gift" boolean DEFAULT false NOT NULL,
	"is_subscription" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "remote_cart_lines_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "remote_cart_lines_quantity_positive" CHECK ("remote_cart_lines"."quantity" > 0),
	CONSTRAINT "remote_cart_lines_variant_id_length" CHECK (length("remote_cart_lines"."variant_id") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"breed" text,
	"neck_mm" integer,
	"birthday" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pets_name_length" CHECK (char_length("pets"."name") between 1 and 40),
	CONSTRAINT "pets_breed_length" CHECK ("pets"."breed" is null or char_length("pets"."breed") <= 60),
	CONSTRAINT "pets_neck_range" CHECK ("pets"."neck_mm" is null or "pets"."neck_mm" between 100 and 900)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_referred_by_user_id_users_id_fk" FOREIGN KEY ("referred_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD CONSTRAINT "verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_handle_redirects" ADD CONSTRAINT "product_handle_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_image_id_product_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."product_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aria_messages" ADD CONSTRAINT "aria_messages_conversation_id_aria_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."aria_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_views" ADD CONSTRAINT "user_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_views" ADD CONSTRAINT "user_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_history" ADD CONSTRAINT "points_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_gamification" ADD CONSTRAINT "user_gamification_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_photos" ADD CONSTRAINT "user_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalization_orders" ADD CONSTRAINT "personalization_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalization_orders" ADD CONSTRAINT "personalization_orders_selected_art_product_id_products_id_fk" FOREIGN KEY ("selected_art_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalization_orders" ADD CONSTRAINT "personalization_orders_selected_accessory_product_id_products_id_fk" FOREIGN KEY ("selected_accessory_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalization_orders" ADD CONSTRAINT "personalization_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_cart_lines" ADD CONSTRAINT "remote_cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_profiles_referred_by_idx" ON "user_profiles" USING btree ("referred_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "verification_tokens_hash_unique" ON "verification_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "collection_products_product_idx" ON "collection_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "collection_products_position_idx" ON "collection_products" USING btree ("collection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_handle_unique" ON "collections" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_name_unique" ON "product_options" USING btree ("product_id","name");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_variants_sku_trgm" ON "product_variants" USING gin (lower("sku") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_handle_unique" ON "products" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "products_title_trgm" ON "products" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm" ON "products" USING gin ("search_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_tags_trgm" ON "products" USING gin ("search_tags" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_handle_trgm" ON "products" USING gin ("handle" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_order_idx" ON "products" USING btree (length("search_title"),"search_title","id");--> statement-breakpoint
CREATE INDEX "products_search_prefix_idx" ON "products" USING btree ("search_title" text_pattern_ops,"id") WHERE "products"."status" = 'active' and not ("products"."tags" @> '{uso-interno}'::text[]);--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_adjustments_variant_idx" ON "stock_adjustments" USING btree ("variant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_adjustments_created_idx" ON "stock_adjustments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "aria_breed_sizes_name_unique" ON "aria_breed_sizes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "aria_conversations_open_unique" ON "aria_conversations" USING btree ("visitor_id") WHERE "aria_conversations"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "aria_conversations_updated_idx" ON "aria_conversations" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "aria_knowledge_base_created_idx" ON "aria_knowledge_base" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "aria_messages_conversation_idx" ON "aria_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "aria_messages_unanswered_idx" ON "aria_messages" USING btree ("created_at" DESC NULLS LAST) WHERE "aria_messages"."unanswered";--> statement-breakpoint
CREATE UNIQUE INDEX "aria_products_handle_unique" ON "aria_products" USING btree ("shopify_handle");--> statement-breakpoint
CREATE INDEX "aria_products_created_idx" ON "aria_products" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_approved_created_idx" ON "reviews" USING btree ("is_approved","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_approved_created_idx" ON "reviews" USING btree ("product_id","is_approved","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_favorites_user_product_unique" ON "user_favorites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "user_favorites_user_created_idx" ON "user_favorites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_views_user_latest_idx" ON "user_views" USING btree ("user_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_views_session_latest_idx" ON "user_views" USING btree ("session_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "badges_name_unique" ON "badges" USING btree ("name");--> statement-breakpoint
CREATE INDEX "badges_active_tier_idx" ON "badges" USING btree ("is_active","tier_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_levels_min_points_unique" ON "loyalty_levels" USING btree ("min_points");--> statement-breakpoint
CREATE UNIQUE INDEX "points_history_event_key_unique" ON "points_history" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "points_history_user_created_idx" ON "points_history" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_badges_user_earned_idx" ON "user_badges" USING btree ("user_id","earned_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_photos_user_created_idx" ON "user_photos" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_photos_approved_created_idx" ON "user_photos" USING btree ("is_approved","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "hero_video_one_active" ON "hero_video" USING btree ("is_active") WHERE is_active;--> statement-breakpoint
CREATE UNIQUE INDEX "personalization_video_one_active" ON "personalization_video" USING btree ("is_active") WHERE is_active;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cta_video_one_active" ON "subscription_cta_video" USING btree ("is_active") WHERE is_active;--> statement-breakpoint
CREATE INDEX "color_options_type_order_idx" ON "color_options" USING btree ("product_type","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "personalization_items_type_key_unique" ON "personalization_items" USING btree ("product_type","key");--> statement-breakpoint
CREATE INDEX "personalization_items_type_order_idx" ON "personalization_items" USING btree ("product_type","display_order");--> statement-breakpoint
CREATE INDEX "personalization_orders_user_created_idx" ON "personalization_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "personalization_orders_created_idx" ON "personalization_orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "personalization_orders_order_idx" ON "personalization_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "personalization_settings_type_key_unique" ON "personalization_settings" USING btree ("setting_type","setting_key");--> statement-breakpoint
CREATE INDEX "wholesale_pricing_type_order_idx" ON "wholesale_pricing" USING btree ("product_type","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_merge_key" ON "cart_lines" USING btree ("cart_id","variant_id","is_gift","is_subscription",md5(("attributes")::text));--> statement-breakpoint
CREATE INDEX "cart_lines_variant_idx" ON "cart_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_user_key" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "carts_updated_idx" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_unique" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_unique" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key_unique" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_reference_idx" ON "orders" USING btree ("payment_provider","payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_card_order_per_cart" ON "orders" USING btree ("cart_id") WHERE "orders"."status" = 'aguardando_pagamento' and "orders"."payment_method" = 'card' and "orders"."cart_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_cart_lines_merge_key" ON "remote_cart_lines" USING btree ("cart_id","variant_id","is_gift","is_subscription",md5(("attributes")::text));--> statement-breakpoint
CREATE INDEX "pets_user_idx" ON "pets" USING btree ("user_id","created_at");