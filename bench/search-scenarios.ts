// Request mixes of the search bench: each picks its next request at random from real values.
import type { Request } from 'autocannon';

export const popularSizes: [number, number, number][] = [
  [205, 55, 16],
  [225, 45, 17],
  [225, 65, 17],
  [195, 65, 15],
  [215, 55, 17],
  [235, 65, 17],
  [265, 70, 17],
  [245, 40, 18],
  [225, 60, 16],
  [215, 60, 16],
  [275, 55, 20],
  [235, 45, 18],
];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const sorts = ['LTH', 'LTH', 'LTH', 'HTL', 'MAZ'];

const post = (cookie: string, body: () => unknown): Request => ({
  method: 'POST',
  path: '/api/search/items',
  headers: { cookie, 'content-type': 'application/json' },
  setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }),
});
const get = (cookie: string, path: () => string): Request => ({
  method: 'GET',
  headers: { cookie },
  setupRequest: (req) => ({ ...req, path: path() }),
});

/** (a) size searches with every facet counted, sometimes with a facet chosen. */
export const sizeSearch = (cookie: string) =>
  post(cookie, () => {
    const [width, ratio, rim] = pick(popularSizes);
    return { width, ratio, rim, sort: pick(sorts), ...(Math.random() < 0.3 ? { speed: ['H', 'V'] } : {}) };
  });

/** (b) browsing the whole catalogue, first pages, default sort. */
export const browse = (cookie: string) => post(cookie, () => ({ page: Math.floor(Math.random() * 3) }));

/** (c) MPNs, MPN prefixes and brand names. */
export const textSearch = (cookie: string, skuCodes: string[]) =>
  post(cookie, () => {
    const code = pick(skuCodes);
    const r = Math.random();
    return {
      query:
        r < 0.5
          ? code
          : r < 0.8
            ? code.slice(0, 7)
            : pick(['michelin defender', 'bfgoodrich ko2', 'nitto ridge']),
    };
  });

/** (d) the sizing and vehicle dropdowns (browsers revalidate with the ETag; here every call is full). */
export const dropdowns = (cookie: string) =>
  get(cookie, () => {
    const [width, ratio] = pick(popularSizes);
    const year = 1990 + Math.floor(Math.random() * 30);
    return pick([
      '/api/v1/sizing/width?channel=4',
      `/api/v1/sizing/width/${width}/ratio?channel=4`,
      `/api/v1/sizing/width/${width}/ratio/${ratio}?channel=4`,
      '/api/v1/sizing/years',
      `/api/v1/sizing/years/${year}/makes`,
      `/api/v1/sizing/years/${year}/makes/Toyota/models`,
      `/api/v1/sizing/years/${year}/makes/Toyota/models/Camry/options`,
    ]);
  });

/** Every size a buyer can choose in the size dropdowns: the widths, their ratios, their rims. */
export async function dropdownSizes(base: string, cookie: string): Promise<[number, number, number][]> {
  const list = async (path: string) =>
    (
      (await (await fetch(`${base}${path}`, { headers: { cookie } })).json()).data.list as { value: string }[]
    ).map((c) => Number(c.value));
  const sizes: [number, number, number][] = [];
  for (const width of await list('/api/v1/sizing/width?channel=4'))
    for (const ratio of await list(`/api/v1/sizing/width/${width}/ratio?channel=4`))
      for (const rim of await list(`/api/v1/sizing/width/${width}/ratio/${ratio}?channel=4`))
        sizes.push([width, ratio, rim]);
  return sizes;
}

const everySort = ['LTH', 'HTL', 'MAZ', 'MZA'];
const facetChoices = [
  {},
  {},
  {},
  { speed: ['H', 'V'] },
  { specials: ['true'] },
  { load: ['91', '94', '98'] },
];

/** Every request of the (f) mix once: what a shop open for a while has already been asked. */
export function sizeListBodies(sizes: [number, number, number][]) {
  return sizes.flatMap(([width, ratio, rim]) =>
    everySort.flatMap((sort) =>
      [0, 1, 2].flatMap((page) =>
        [{}, ...facetChoices.slice(3)].map((facet) => ({ width, ratio, rim, sort, page, ...facet })),
      ),
    ),
  );
}

/** (f) searches spread over the whole size list: facets, pages 0–2 and every sort mixed. */
export const sizeListSearch = (cookie: string, sizes: [number, number, number][]) =>
  post(cookie, () => {
    const [width, ratio, rim] = pick(sizes);
    return {
      width,
      ratio,
      rim,
      sort: pick(everySort),
      page: Math.floor(Math.random() * 3),
      ...pick(facetChoices),
    };
  });
