CREATE TABLE "search_items" (
	"price_group_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"width" numeric(6, 2) NOT NULL,
	"ratio" numeric(6, 2) NOT NULL,
	"rim" numeric(6, 2) NOT NULL,
	"price_cents" bigint NOT NULL,
	"make_id" bigint NOT NULL,
	"model_id" bigint NOT NULL,
	"sku_code" text NOT NULL,
	"size" text NOT NULL,
	"run_flat" boolean NOT NULL,
	"f_makes_v" text,
	"f_makes_l" text,
	"f_models_v" text,
	"f_models_l" text,
	"f_speed_v" text,
	"f_speed_l" text,
	"f_load_v" text,
	"f_load_l" text,
	"f_ply_v" text,
	"f_ply_l" text,
	"f_utqg_v" text,
	"f_utqg_l" text,
	"f_warranty_v" text,
	"f_warranty_l" text,
	"f_sidewall_v" text,
	"f_sidewall_l" text,
	"f_categories_v" text,
	"f_categories_l" text,
	"f_specials_v" text,
	"f_specials_l" text,
	"f_rebates_v" text,
	"f_rebates_l" text,
	CONSTRAINT "search_items_price_group_id_product_id_pk" PRIMARY KEY("price_group_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "search_items" ADD CONSTRAINT "search_items_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Covering (INCLUDE all a size search reads; 32 columns at most, so not sku_code): index pages in order, no heap page per SKU.
CREATE INDEX "search_items_size_price_idx" ON "search_items" USING btree ("price_group_id","width","ratio","rim","price_cents") INCLUDE ("product_id","make_id","model_id","size","run_flat","f_makes_v","f_makes_l","f_models_v","f_models_l","f_speed_v","f_speed_l","f_load_v","f_load_l","f_ply_v","f_ply_l","f_utqg_v","f_utqg_l","f_warranty_v","f_warranty_l","f_sidewall_v","f_sidewall_l","f_categories_v","f_categories_l","f_specials_v","f_specials_l","f_rebates_v","f_rebates_l");--> statement-breakpoint
CREATE INDEX "search_items_price_idx" ON "search_items" USING btree ("price_group_id","price_cents","product_id");--> statement-breakpoint
CREATE INDEX "search_items_model_idx" ON "search_items" USING btree ("price_group_id","model_id");--> statement-breakpoint
CREATE INDEX "search_items_make_idx" ON "search_items" USING btree ("price_group_id","make_id");--> statement-breakpoint
-- MPN prefix search within a price group (text_pattern_ops: LIKE 'MIC-48%' on any collation).
CREATE INDEX "search_items_sku_prefix_idx" ON "search_items" USING btree ("price_group_id","sku_code" text_pattern_ops);--> statement-breakpoint
-- The first fill of an existing catalogue; afterwards refreshSearchItems keeps it current.
-- The facet columns repeat the expressions of src/server/modules/search/search.facets.ts.
INSERT INTO "search_items"
SELECT pp.price_group_id, p.id, p.width, p.ratio, p.rim, pp.price_cents, p.make_id, p.model_id, p.sku_code, p.size, m.run_flat,
  p.make_id::text, mk.name, p.model_id::text, m.name, p.speed_index, p.speed_index, p.load_index::text, p.load_index::text,
  p.ply::text, p.ply::text, m.utqg, m.utqg, m.tread_warranty_miles::text, m.tread_warranty_miles::text, m.sidewall, m.sidewall,
  m.category_id::text, c.name, CASE WHEN p.specials THEN 'true' END, 'Specials',
  CASE WHEN p.rebate_cents > 0 THEN 'true' END, 'Rebates'
FROM product_prices pp JOIN products p ON p.id = pp.product_id
JOIN models m ON m.id = p.model_id JOIN makes mk ON mk.id = p.make_id LEFT JOIN categories c ON c.id = m.category_id
WHERE pp.available > 0 AND p.active AND m.active AND mk.active;
--> statement-breakpoint
ANALYZE "search_items";
