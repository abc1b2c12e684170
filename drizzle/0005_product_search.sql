CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"searchable" boolean NOT NULL,
	"title" text NOT NULL,
	"words" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_search_words_idx" ON "product_search" USING gin ("words");--> statement-breakpoint
CREATE INDEX "product_search_order_idx" ON "product_search" USING btree (length("title"),"title","product_id") WHERE "product_search"."searchable";--> statement-breakpoint
CREATE INDEX "search_terms_trgm" ON "search_terms" USING gin ("word" gin_trgm_ops);