// The everyday words of a tire counter a reading knows without the catalogue: categories, brand
// aliases, sidewalls, run-flat, load ranges and speed letters, and words that mean nothing alone.

/** Category words → the category's name (normalized). Longer phrases win over names they start. */
export const categoryWords: Record<string, string> = {
  allseason: 'allseason',
  allseasons: 'allseason',
  as: 'allseason',
  winter: 'winter',
  winters: 'winter',
  snow: 'winter',
  ice: 'winter',
  allterrain: 'allterrain',
  at: 'allterrain',
  mudterrain: 'mudterrain',
  mt: 'mudterrain',
  mud: 'mudterrain',
  performance: 'performance',
  summer: 'performance',
  uhp: 'performance',
  touring: 'touring',
  highway: 'highway',
  ht: 'highway',
  hwy: 'highway',
  commercial: 'commercial',
};

/** Brand aliases → the brand's name (normalized). */
export const makeAliases: Record<string, string> = {
  bfg: 'bfgoodrich',
  bf: 'bfgoodrich',
  gy: 'goodyear',
  conti: 'continental',
};

export const sidewallWords: Record<string, string> = {
  rwl: 'RWL',
  whiteletters: 'RWL',
  whiteletter: 'RWL',
  raisedwhiteletters: 'RWL',
  raisedwhiteletter: 'RWL',
  owl: 'OWL',
  outlinedwhiteletters: 'OWL',
  outlinedwhiteletter: 'OWL',
  bsw: 'BSW',
  blackwall: 'BSW',
  blacksidewall: 'BSW',
  blackwalls: 'BSW',
};

export const runFlatWords = new Set(['runflat', 'runflats', 'rft', 'rof']);

/** Load range letters with a ply rating (C 6, D 8, E 10, F 12); XL and SL have none. */
export const plyOfRange: Record<string, number> = { c: 6, d: 8, e: 10, f: 12 };
export const rangeWords: Record<string, string> = {
  xl: 'XL',
  extraload: 'XL',
  reinforced: 'XL',
  sl: 'SL',
  standardload: 'SL',
};
export const speedWords = new Set(['h', 'v', 'w', 'y', 'z', 's', 't']);
export const sidewallLabels: Record<string, string> = {
  RWL: 'Raised white letters',
  OWL: 'Outlined white letters',
  BSW: 'Black sidewall',
};

/** Words that say nothing about which tire: dropped. */
export const noiseWords = new Set(['tire', 'tires', 'tyre', 'tyres', 'for', 'the', 'and', 'with', 'size']);

/** Words that are in many line names and mean nothing alone. */
export const commonLineWords = new Set([
  'plus',
  'sport',
  'season',
  'terrain',
  'touring',
  'contact',
  'ultra',
  'tour',
]);
