-- Facet counts kept current by the writes themselves (issue 3): every statement that inserts,
-- updates or deletes search_items appends the changes of the counts to search_facet_deltas, in
-- its own transaction, so a search reading counts + deltas sees exactly the items of its snapshot.
-- search.counts.ts folds the deltas into search_facet_counts in the background.

-- The keys of search_facet_counts one search_items row counts for: its size and the whole
-- catalogue (size 0), each with '_total' and every facet value it has. The facets are the
-- columns of src/server/modules/search/search.facets.ts.
CREATE FUNCTION "search_item_facets"(si "search_items")
RETURNS TABLE ("width" numeric, "ratio" numeric, "rim" numeric, "facet" text, "value" text, "label" text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s.width, s.ratio, s.rim, f.facet, f.value, coalesce(f.label, f.value)
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
  WHERE f.value IS NOT NULL
$$;
--> statement-breakpoint
-- What a row is counted by; an update that changes none of it (a price) changes no count.
CREATE FUNCTION "search_item_counted"(si "search_items") RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_array(si.width, si.ratio, si.rim, si.f_makes_v, si.f_makes_l, si.f_models_v, si.f_models_l,
    si.f_speed_v, si.f_speed_l, si.f_load_v, si.f_load_l, si.f_ply_v, si.f_ply_l, si.f_utqg_v, si.f_utqg_l,
    si.f_warranty_v, si.f_warranty_l, si.f_sidewall_v, si.f_sidewall_l, si.f_categories_v, si.f_categories_l,
    si.f_specials_v, si.f_specials_l, si.f_rebates_v, si.f_rebates_l)
$$;
--> statement-breakpoint
-- One statement-level trigger per operation (a trigger with transition tables has one event).
-- The deltas of a statement are summed per key: a refresh of many rows appends few deltas.
CREATE FUNCTION "search_items_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT n.price_group_id, k.width, k.ratio, k.rim, k.facet, k.value, k.label, count(*)::int
    FROM new_items n CROSS JOIN LATERAL search_item_facets(n) k
    GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT o.price_group_id, k.width, k.ratio, k.rim, k.facet, k.value, k.label, -count(*)::int
    FROM old_items o CROSS JOIN LATERAL search_item_facets(o) k
    GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_facet_deltas (price_group_id, width, ratio, rim, facet, value, label, skus)
    SELECT price_group_id, width, ratio, rim, facet, value, label, sum(d)::int
    FROM (
      SELECT o.price_group_id, k.*, -1 AS d FROM old_items o CROSS JOIN LATERAL search_item_facets(o) k
      WHERE NOT EXISTS (SELECT 1 FROM new_items n WHERE n.price_group_id = o.price_group_id
        AND n.product_id = o.product_id AND search_item_counted(n) = search_item_counted(o))
      UNION ALL
      SELECT n.price_group_id, k.*, 1 FROM new_items n CROSS JOIN LATERAL search_item_facets(n) k
      WHERE NOT EXISTS (SELECT 1 FROM old_items o WHERE o.price_group_id = n.price_group_id
        AND o.product_id = n.product_id AND search_item_counted(o) = search_item_counted(n))
    ) c
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d) <> 0;
  ELSE -- TRUNCATE
    DELETE FROM search_facet_deltas;
    DELETE FROM search_facet_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "search_items_counted_insert" AFTER INSERT ON "search_items"
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION search_items_count_changes();
--> statement-breakpoint
CREATE TRIGGER "search_items_counted_update" AFTER UPDATE ON "search_items"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION search_items_count_changes();
--> statement-breakpoint
CREATE TRIGGER "search_items_counted_delete" AFTER DELETE ON "search_items"
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION search_items_count_changes();
--> statement-breakpoint
CREATE TRIGGER "search_items_counted_truncate" AFTER TRUNCATE ON "search_items"
  FOR EACH STATEMENT EXECUTE FUNCTION search_items_count_changes();
--> statement-breakpoint
INSERT INTO "search_counts_state" ("id", "generation") VALUES (1, 0);
--> statement-breakpoint
-- The first count of an existing catalogue; from here on the trigger keeps it.
INSERT INTO "search_facet_counts" (price_group_id, width, ratio, rim, facet, value, label, skus)
SELECT si.price_group_id, k.width, k.ratio, k.rim, k.facet, k.value, k.label, count(*)::int
FROM "search_items" si CROSS JOIN LATERAL search_item_facets(si) k
GROUP BY 1, 2, 3, 4, 5, 6, 7
ORDER BY 1, 2, 3, 4, 5, 6, 7; -- in key order: a scope's rows share few pages
--> statement-breakpoint
ANALYZE "search_facet_counts";
