-- Conditional facet counts: besides how many SKUs of a scope (a size, or the whole catalogue) carry
-- each facet value, how many carry it among those with one given value of another facet. A search
-- of a whole size with one facet chosen ("speed H or V") then reads every other facet's counts as
-- the sum of its conditional counts over the chosen values, instead of counting the size's rows:
-- its cost no longer grows with the number of SKUs in the size (docs/performance.md, "Search at
-- 800,000 SKUs"). A conditional row's facet is `<given facet>|<given value>|<facet>`; the plain
-- rows keep their facet names, and readers of plain counts name the facets they read.
CREATE OR REPLACE FUNCTION "search_item_facets"(si "search_items")
RETURNS TABLE ("width" numeric, "ratio" numeric, "rim" numeric, "facet" text, "value" text, "label" text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s.width, s.ratio, s.rim,
    CASE WHEN g.facet IS NULL THEN f.facet ELSE g.facet || '|' || g.value || '|' || f.facet END,
    f.value, coalesce(f.label, f.value)
  FROM (VALUES (si.width::numeric, si.ratio::numeric, si.rim::numeric), (0, 0, 0)) s (width, ratio, rim)
  CROSS JOIN (VALUES
    ('_total', 'all', 'All'),
    ('makes', si.f_makes_v, si.f_makes_l),
    ('models', si.f_models_v, si.f_models_l),
    ('speed', si.f_speed_v, si.f_speed_l),
    ('load', si.f_load_v, si.f_load_l),
    ('ply', si.f_ply_v, si.f_ply_l),
    ('utqg', si.f_utqg_v, si.f_utqg_l),
    ('warranty', si.f_warranty_v, si.f_warranty_l),
    ('sidewall', si.f_sidewall_v, si.f_sidewall_l),
    ('categories', si.f_categories_v, si.f_categories_l),
    ('specials', si.f_specials_v, si.f_specials_l),
    ('rebates', si.f_rebates_v, si.f_rebates_l)) f (facet, value, label)
  CROSS JOIN (VALUES
    (NULL::text, NULL::text),
    ('makes', si.f_makes_v),
    ('models', si.f_models_v),
    ('speed', si.f_speed_v),
    ('load', si.f_load_v),
    ('ply', si.f_ply_v),
    ('utqg', si.f_utqg_v),
    ('warranty', si.f_warranty_v),
    ('sidewall', si.f_sidewall_v),
    ('categories', si.f_categories_v),
    ('specials', si.f_specials_v),
    ('rebates', si.f_rebates_v)) g (facet, value)
  WHERE f.value IS NOT NULL
    AND (g.facet IS NULL OR (g.value IS NOT NULL AND g.facet <> f.facet AND f.facet <> '_total'))
$$;
--> statement-breakpoint
-- The conditional counts of the existing catalogue (its plain counts are there already); from
-- here on the trigger of 0006 keeps both, through the redefined function above.
INSERT INTO "search_facet_counts" (price_group_id, width, ratio, rim, facet, value, label, skus)
SELECT si.price_group_id, k.width, k.ratio, k.rim, k.facet, k.value, k.label, count(*)::int
FROM "search_items" si CROSS JOIN LATERAL search_item_facets(si) k
WHERE k.facet LIKE '%|%|%'
GROUP BY 1, 2, 3, 4, 5, 6, 7
ORDER BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
-- A page sorted by brand and line (A–Z, Z–A) reads its rows in that order instead of sorting the
-- whole size or catalogue; with the facet values and the price included, a page with a facet
-- chosen reads the index alone, as the size-and-price index does.
CREATE INDEX "search_items_size_name_idx" ON "search_items" ("price_group_id", "width", "ratio", "rim", "f_makes_l", "f_models_l", "size", "product_id") INCLUDE ("make_id", "model_id", "price_cents", "run_flat", "f_makes_v", "f_models_v", "f_speed_v", "f_load_v", "f_ply_v", "f_utqg_v", "f_warranty_v", "f_sidewall_v", "f_categories_v", "f_specials_v", "f_rebates_v");
--> statement-breakpoint
CREATE INDEX "search_items_name_idx" ON "search_items" ("price_group_id", "f_makes_l", "f_models_l", "size", "product_id") INCLUDE ("make_id", "model_id", "price_cents", "run_flat", "f_makes_v", "f_models_v", "f_speed_v", "f_load_v", "f_ply_v", "f_utqg_v", "f_warranty_v", "f_sidewall_v", "f_categories_v", "f_specials_v", "f_rebates_v");
--> statement-breakpoint
-- The rows of a line or a brand in price order, covering what a page and the price range read: a
-- text naming lines ('michelin defender', 8,000 SKUs at 800,000) reads them from the index alone
-- instead of their scattered table rows, or the price index up to the line's price band.
DROP INDEX "search_items_model_idx";
--> statement-breakpoint
CREATE INDEX "search_items_model_idx" ON "search_items" ("price_group_id", "model_id", "price_cents") INCLUDE ("product_id", "make_id", "model_id", "run_flat", "size", "f_makes_l", "f_models_l", "f_makes_v", "f_models_v", "f_speed_v", "f_load_v", "f_ply_v", "f_utqg_v", "f_warranty_v", "f_sidewall_v", "f_categories_v", "f_specials_v", "f_rebates_v");
--> statement-breakpoint
DROP INDEX "search_items_make_idx";
--> statement-breakpoint
CREATE INDEX "search_items_make_idx" ON "search_items" ("price_group_id", "make_id", "price_cents") INCLUDE ("product_id", "make_id", "model_id", "run_flat", "size", "f_makes_l", "f_models_l", "f_makes_v", "f_models_v", "f_speed_v", "f_load_v", "f_ply_v", "f_utqg_v", "f_warranty_v", "f_sidewall_v", "f_categories_v", "f_specials_v", "f_rebates_v");
--> statement-breakpoint
ANALYZE "search_facet_counts";
