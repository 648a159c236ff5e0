-- Kept search answers (search.service.ts) hold their page's items, whose fields come from
-- product_prices (price, available stock), products, models, makes and categories. A change of
-- any of these leaves a marker delta (zero SKUs, read by no count, dropped by the fold) for the
-- price groups it may show in, so the answers of those groups are computed afresh until the
-- fold moves the generation, exactly as for a change of search_items (0006, 0009).

-- product_prices: one marker per price group of the changed rows; one trigger per event, as a
-- trigger with transition tables has one event. An upsert fires the insert and the update one.
CREATE FUNCTION "search_mark_price_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "product_prices_mark_search_insert" AFTER INSERT ON "product_prices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_price_rows();
--> statement-breakpoint
CREATE TRIGGER "product_prices_mark_search_update" AFTER UPDATE ON "product_prices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_price_rows();
--> statement-breakpoint
CREATE TRIGGER "product_prices_mark_search_delete" AFTER DELETE ON "product_prices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_price_rows();
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
