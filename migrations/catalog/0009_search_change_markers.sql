-- Answers of the shop search are kept in memory per version of the searchable data (issue 3,
-- search.counts.ts countsVersion): pending deltas of a price group mean "changing, keep
-- nothing", and each fold moves the generation. An update that changes no count (a price, an
-- MPN, a size text) left no delta; it now leaves a marker delta of zero SKUs per price group,
-- which no count reads and the fold drops. A truncate moves the generation itself.
CREATE OR REPLACE FUNCTION "search_items_count_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    HAVING sum(d) <> 0
    UNION ALL
    SELECT DISTINCT price_group_id, 0, 0, 0, '_changed', 'any', 'any', 0 FROM new_items;
  ELSE -- TRUNCATE
    DELETE FROM search_facet_deltas;
    DELETE FROM search_facet_counts;
    UPDATE search_counts_state SET generation = generation + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
