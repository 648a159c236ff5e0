import { type SQL, sql } from 'drizzle-orm';

/**
 * The facets of the shop results (the sidebar's filter categories), as SQL over the search row
 * `p` (products) joined to `m` (models) and `c` (categories). One definition serves the
 * per-request counts and the stored whole-catalogue counts.
 */
export const facets = {
  makes: { value: sql`p.make_id::text`, label: sql`mk.name` },
  models: { value: sql`p.model_id::text`, label: sql`m.name` },
  speed: { value: sql`p.speed_index`, label: sql`p.speed_index` },
  load: { value: sql`p.load_index::text`, label: sql`p.load_index::text` },
  ply: { value: sql`p.ply::text`, label: sql`p.ply::text` },
  utqg: { value: sql`m.utqg`, label: sql`m.utqg` },
  warranty: { value: sql`m.tread_warranty_miles::text`, label: sql`m.tread_warranty_miles::text` },
  sidewall: { value: sql`m.sidewall`, label: sql`m.sidewall` },
  categories: { value: sql`m.category_id::text`, label: sql`c.name` },
  specials: { value: sql`case when p.specials then 'true' end`, label: sql`'Specials'` },
  rebates: { value: sql`case when p.rebate_cents > 0 then 'true' end`, label: sql`'Rebates'` },
} satisfies Record<string, { value: SQL; label: SQL }>;

export type FacetKey = keyof typeof facets;
export const facetKeys = Object.keys(facets) as FacetKey[];

/** The joins every search row needs for its facets and item fields. */
export const searchJoins = sql`
  join models m on m.id = p.model_id
  join makes mk on mk.id = p.make_id
  left join categories c on c.id = m.category_id`;

/**
 * `select facet, value, label, count` over the rows of `source` (a CTE name exposing the
 * columns f_<facet>_v / f_<facet>_l), one grouping set per facet: one scan, every facet.
 */
export function facetColumns(): SQL {
  return sql.join(
    facetKeys.map(
      (k) => sql`${facets[k].value} as ${sql.raw(`f_${k}_v`)}, ${facets[k].label} as ${sql.raw(`f_${k}_l`)}`,
    ),
    sql`, `,
  );
}
