-- Indexes the shop search needs on core tables (issue 3), and the catalog area's reference rows.
-- MPN prefix search: sku_code LIKE 'MIC-48%' uses a btree with pattern ops on any collation.
CREATE INDEX IF NOT EXISTS "products_sku_prefix_idx" ON "products" ("sku_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_make_idx" ON "products" ("make_id");--> statement-breakpoint
-- Browsing by price: only purchasable rows, in price order per group, product id as tie-breaker.
CREATE INDEX IF NOT EXISTS "product_prices_available_price_idx" ON "product_prices" ("price_group_id", "price_cents", "product_id") WHERE "available" > 0;--> statement-breakpoint
INSERT INTO "catalog_summary_state" ("id", "stale") VALUES (1, true) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "channels" ("id", "code", "name") VALUES
  (1, 'retail', 'Retail stores'),
  (2, 'marketplace', 'Marketplaces'),
  (3, 'api', 'Partner API'),
  (4, 'b2b-web', 'B2B web shop')
ON CONFLICT DO NOTHING;
