-- Answers of the shop search are kept in memory per version of the searchable data (issue 3,
-- search.counts.ts countsVersion): pending deltas of a price group mean "changing, keep
-- nothing", and each fold moves the generation. The count triggers (0006) leave deltas only for
-- changes a count sees. A kept answer also shows prices, stock and catalogue fields, so every
-- other change leaves a marker delta of zero SKUs, which no count reads and the fold drops.

-- One marker per price group of the changed rows (transition table new_rows, or old_rows for a
-- delete). A trigger with transition tables has one event: one trigger per event below.
CREATE FUNCTION "search_mark_changed_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT DISTINCT price_group_id, 0, 0, 0, '_changed', 'any', 'any', 0 FROM old_rows;
  ELSE
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT DISTINCT price_group_id, 0, 0, 0, '_changed', 'any', 'any', 0 FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- search_items: an update that changes no count (a price, an MPN, a size text).
CREATE TRIGGER "search_items_mark_update" AFTER UPDATE ON "search_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_changed_groups();
--> statement-breakpoint
-- product_prices: stock and prices (an upsert fires the insert and the update trigger).
CREATE TRIGGER "product_prices_mark_search_insert" AFTER INSERT ON "product_prices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_changed_groups();
--> statement-breakpoint
CREATE TRIGGER "product_prices_mark_search_update" AFTER UPDATE ON "product_prices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_changed_groups();
--> statement-breakpoint
CREATE TRIGGER "product_prices_mark_search_delete" AFTER DELETE ON "product_prices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_changed_groups();
--> statement-breakpoint
-- The catalogue changes rarely: a statement marks every price group.
CREATE FUNCTION "search_mark_all_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
  SELECT id, 0, 0, 0, '_changed', 'any', 'any', 0 FROM price_groups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_mark_search" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION search_mark_all_groups();
--> statement-breakpoint
CREATE TRIGGER "models_mark_search" AFTER INSERT OR UPDATE OR DELETE ON "models"
  FOR EACH STATEMENT EXECUTE FUNCTION search_mark_all_groups();
--> statement-breakpoint
CREATE TRIGGER "makes_mark_search" AFTER INSERT OR UPDATE OR DELETE ON "makes"
  FOR EACH STATEMENT EXECUTE FUNCTION search_mark_all_groups();
--> statement-breakpoint
CREATE TRIGGER "categories_mark_search" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION search_mark_all_groups();
--> statement-breakpoint
-- A truncate of search_items empties the counts (0006) and leaves no delta: it moves the
-- generation itself.
CREATE FUNCTION "search_bump_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_counts_state SET generation = generation + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_items_truncate_bump" AFTER TRUNCATE ON "search_items"
  FOR EACH STATEMENT EXECUTE FUNCTION search_bump_generation();
