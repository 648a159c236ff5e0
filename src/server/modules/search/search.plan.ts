// A search's plan: the validated filters read into a SearchPlan, with the free text read against
// the brand and line names (search-query.ts in the domain) and a chosen vehicle's OE size.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SearchFilters } from '../../../contract/search';
import { type Vocabulary, interpretQuery } from '../../../domain/search-query';
import { facetFilterKeys } from '../../../domain/shop-search';
import { parseTireSize } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { KeptByVersion } from '../../db/kept-by-version';
import { RecentReads } from '../../db/recent-reads';
import type { Actor } from '../../http/actor';
import { badRequest } from '../../http/errors';
import { vehicleVersion } from '../../db/data-versions';
import type { PlanDiscount } from './search.buyer-price';
import { interpretedFacets, textFilters } from './search.reading';
import type { SearchPlan, TermMatch } from './search.sql';

export type Filters = z.output<typeof SearchFilters>;

// Brand and line names for reading free text: read again after a minute or any write here.
const vocabularies = new RecentReads<Vocabulary>(60_000, { forgetOnWrite: true });

function vocabulary(db: Db): Promise<Vocabulary> {
  return vocabularies.through(db, 'names', async () => {
    const { rows } = await db.execute<{ kind: string; id: number; make_id: number | null; name: string }>(sql`
      select 'make' as kind, id, null::bigint as make_id, name from makes where active
      union all select 'model', id, make_id, name from models where active
      union all select 'category', id, null, name from categories`);
    return {
      makes: rows.filter((r) => r.kind === 'make').map((r) => ({ id: Number(r.id), name: r.name })),
      categories: rows.filter((r) => r.kind === 'category').map((r) => ({ id: Number(r.id), name: r.name })),
      models: rows
        .filter((r) => r.kind === 'model')
        .map((r) => ({ id: Number(r.id), makeId: Number(r.make_id), name: r.name })),
    };
  });
}

type Fitment = { front_size: string; rear_size: string | null };
const fitments = new KeptByVersion<Fitment | null>(5000);

/**
 * The OE size of a chosen vehicle (its first fitment), when the search names one without a size;
 * kept per version of the vehicle data, like the vehicle dropdowns.
 */
async function vehicleDims(db: Db, f: Filters) {
  const key = JSON.stringify([f.year, f.vmake, f.vmodel, f.option]);
  const fitment = await fitments.through(db, key, await vehicleVersion(db), async () => {
    const { rows } = await db.execute<Fitment>(sql`
      select fi.front_size, fi.rear_size from vehicles v join vehicle_fitments fi on fi.vehicle_id = v.id
      where v.year = ${f.year} and v.make = ${f.vmake} and v.model = ${f.vmodel} and v."option" = ${f.option}
      order by fi.position limit 1`);
    return rows[0] ?? null;
  });
  if (!fitment)
    throw badRequest('No such vehicle', [
      { pointer: '/body/option', detail: 'is not an option of that vehicle' },
    ]);
  const front = parseTireSize(fitment.front_size);
  const rear = fitment.rear_size ? parseTireSize(fitment.rear_size) : null;
  return { front, rear };
}

/** A leftover word may still be part of a line or brand name ("ko2", "grappler"). */
function termMatch(text: string, vocab: Vocabulary): TermMatch {
  const needle = text.toLowerCase();
  const hit = (name: string) => needle.length >= 2 && name.toLowerCase().includes(needle);
  return {
    text,
    modelIds: vocab.models.filter((m) => hit(m.name)).map((m) => m.id),
    makeIds: vocab.makes.filter((m) => hit(m.name)).map((m) => m.id),
  };
}

type Reading = { interpretation: ReturnType<typeof interpretQuery>; terms: TermMatch[] };
const MAX_READINGS = 5000;
// Typo-tolerant matching compares every word with every name: worked out once per text while
// the vocabulary holds (a new vocabulary is a new object, with no readings yet).
const readings = new WeakMap<Vocabulary, Map<string, Reading>>();

/** How a free text reads: sizes, brands, lines and the words left over. */
function readingOf(text: string, vocab: Vocabulary): Reading {
  const known = readings.get(vocab) ?? new Map<string, Reading>();
  readings.set(vocab, known);
  const hit = known.get(text);
  if (hit) return hit;
  const interpretation = interpretQuery(text, vocab);
  const reading = { interpretation, terms: interpretation.terms.map((t) => termMatch(t, vocab)) };
  if (known.size >= MAX_READINGS) known.clear();
  known.set(text, reading);
  return reading;
}

const dimsOf = (s: { width: number; ratio: number; rim: number } | null) =>
  s ? { width: s.width, ratio: s.ratio, rim: s.rim } : undefined;

/** Turns validated filters into a plan; reads the free text and the vehicle when given. */
export async function planOf(db: Db, actor: Actor, f: Filters, discounts: PlanDiscount[] = []) {
  const vocab = f.query ? await vocabulary(db) : null;
  const reading = f.query && vocab ? readingOf(f.query, vocab) : null;
  const interpretation = reading?.interpretation ?? null;
  let dims: SearchPlan['dims'] =
    f.width !== undefined || f.ratio !== undefined || f.rim !== undefined
      ? { width: f.width, ratio: f.ratio, rim: f.rim }
      : undefined;
  let rear =
    f.rearWidth !== undefined && f.rearRatio !== undefined && f.rearRim !== undefined
      ? { width: f.rearWidth, ratio: f.rearRatio, rim: f.rearRim }
      : undefined;
  if (!dims && f.size) dims = dimsOf(parseTireSize(f.size));
  if (!dims && f.year && f.vmake && f.vmodel && f.option) {
    const vehicle = await vehicleDims(db, f);
    dims = dimsOf(vehicle.front);
    rear ??= dimsOf(vehicle.rear);
  }
  const text = interpretation && !dims ? textFilters(interpretation) : null;
  dims ??= text?.dims;
  const facetFilters: SearchPlan['facetFilters'] = {};
  for (const k of facetFilterKeys) {
    const values = [
      ...new Set([...f[k], ...(interpretation ? (interpretedFacets(interpretation)[k] ?? []) : [])]),
    ];
    if (values.length) facetFilters[k] = values;
  }
  const plan: SearchPlan = {
    priceGroupId: actor.priceGroupId ?? 0,
    dims,
    rear,
    makeIds: interpretation?.makeIds ?? [],
    modelIds: interpretation?.modelIds ?? [],
    terms: reading?.terms ?? [],
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    specialsOnly: f.specialsOnly,
    runFlat: f.runFlat || (interpretation?.runFlat ?? false),
    facetFilters,
    sort: f.sort,
    page: f.page,
    pageSize: f.pageSize,
    ...(text?.sizeType ? { sizeType: text.sizeType } : {}),
    ...(interpretation?.loadRanges.length ? { loadRanges: interpretation.loadRanges } : {}),
    ...(discounts.length ? { discounts } : {}),
  };
  return { plan, interpretation, vocab, sizeFromText: text !== null && text.dims !== undefined };
}
