-- MPN prefixes as a range of the lower-cased code (search.sql.ts): unlike LIKE 'x%' with a
-- parameter, a range keeps using this index in the generic plan of a prepared search statement.
CREATE INDEX "search_items_sku_lower_idx" ON "search_items" USING btree ("price_group_id", lower("sku_code") text_pattern_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "search_items_sku_prefix_idx";
