CREATE TABLE "search_versions" (
	"price_group_id" bigint NOT NULL,
	"width" numeric(6, 2) NOT NULL,
	"ratio" numeric(6, 2) NOT NULL,
	"rim" numeric(6, 2) NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_versions_price_group_id_width_ratio_rim_pk" PRIMARY KEY("price_group_id","width","ratio","rim")
);
--> statement-breakpoint
ALTER TABLE "search_versions" ADD CONSTRAINT "search_versions_price_group_id_price_groups_id_fk" FOREIGN KEY ("price_group_id") REFERENCES "public"."price_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_items_product_idx" ON "search_items" USING btree ("product_id");--> statement-breakpoint
-- A sale re-prices its products in every price group: read product_prices by product (the
-- primary key starts with the price group, which such a read does not know).
CREATE INDEX IF NOT EXISTS "product_prices_product_idx" ON "product_prices" USING btree ("product_id");
--> statement-breakpoint
-- Answers are kept per scope (a size, the whole catalogue: search_versions above), so a change
-- marks the scopes it touches, not its whole price group: the size of each changed row and the
-- whole catalogue (0/0/0). Replaces the per-group marker of 0009; the triggers stay.
CREATE OR REPLACE FUNCTION "search_mark_changed_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'search_items' THEN
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT DISTINCT n.price_group_id, s.width, s.ratio, s.rim, '_changed', 'any', 'any', 0
    FROM new_rows n CROSS JOIN LATERAL (VALUES (n.width, n.ratio, n.rim), (0, 0, 0)) s (width, ratio, rim);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT DISTINCT o.price_group_id, s.width, s.ratio, s.rim, '_changed', 'any', 'any', 0
    FROM old_rows o JOIN products p ON p.id = o.product_id
    CROSS JOIN LATERAL (VALUES (p.width, p.ratio, p.rim), (0, 0, 0)) s (width, ratio, rim);
  ELSIF TG_OP = 'UPDATE' THEN
    -- Stock that stays above zero changes no kept answer: answers read the stock of their page
    -- afresh (search.service.ts). A new price or stock crossing zero does.
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT DISTINCT n.price_group_id, s.width, s.ratio, s.rim, '_changed', 'any', 'any', 0
    FROM new_rows n JOIN old_rows o ON o.price_group_id = n.price_group_id AND o.product_id = n.product_id
    JOIN products p ON p.id = n.product_id
    CROSS JOIN LATERAL (VALUES (p.width, p.ratio, p.rim), (0, 0, 0)) s (width, ratio, rim)
    WHERE o.price_cents IS DISTINCT FROM n.price_cents OR (o.available > 0) IS DISTINCT FROM (n.available > 0);
  ELSE
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT DISTINCT n.price_group_id, s.width, s.ratio, s.rim, '_changed', 'any', 'any', 0
    FROM new_rows n JOIN products p ON p.id = n.product_id
    CROSS JOIN LATERAL (VALUES (p.width, p.ratio, p.rim), (0, 0, 0)) s (width, ratio, rim);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A catalogue edit (products, models, makes, categories) may change any answer of any group:
-- it moves the catalogue generation that every version includes, at its commit. Such edits
-- are rare, so waiting on this one row's lock is cheap; sales never take it.
CREATE OR REPLACE FUNCTION "search_mark_all_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_counts_state SET generation = generation + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The update marker of product_prices compares the old rows with the new ones.
DROP TRIGGER "product_prices_mark_search_update" ON "product_prices";
--> statement-breakpoint
CREATE TRIGGER "product_prices_mark_search_update" AFTER UPDATE ON "product_prices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_mark_changed_groups();
