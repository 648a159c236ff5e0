-- Width, ratio and rim are strongly correlated (a 205 width comes with a 55 ratio and a 16 rim far
-- more often than independence predicts): extended statistics let the planner size a size search.
CREATE STATISTICS IF NOT EXISTS "products_size_stats" (dependencies, mcv) ON "width", "ratio", "rim" FROM "products";
