// The relevance suite's tools: the demo catalogue's names as a vocabulary, and a check of a
// reading against a case (used by the unit and the API tests of the suite).
import { expect } from 'vitest';
import type { CaseReading } from '../../../domain/search-query.cases';
import type { QueryInterpretation, Vocabulary } from '../../../domain/search-query';
import { formatSize } from '../../../domain/tire-size';
import { brandDefs, categoryDefs, lineDefs } from '../../db/seed/seed-catalog-brands';

// The relevance suite as unit tests of the interpreter, against the demo catalogue's own names
// (the seed's brands, lines and categories; ids here are positions, as in a fresh seed).
export const demoVocabulary: Vocabulary = {
  makes: brandDefs.map((b, i) => ({ id: i + 1, name: b.name })),
  models: lineDefs().map((l, i) => ({ id: i + 1, makeId: l.brand + 1, name: l.name })),
  categories: Object.values(categoryDefs).map((c, i) => ({ id: i + 1, name: c.name })),
};

const nameOf = (list: { id: number; name: string }[], id: number) => list.find((x) => x.id === id)?.name;

/** The interpretation in the cases' own terms: names for ids, sizes as text. */
export function readingAsCase(q: QueryInterpretation, v: Vocabulary) {
  return {
    size: q.size ? formatSize(q.size) : undefined,
    partial: q.partialSize ?? undefined,
    makes: q.makeIds.map((id) => nameOf(v.makes, id)),
    lines: q.modelIds.map((id) => nameOf(v.models, id)),
    categories: q.categoryIds.map((id) => nameOf(v.categories ?? [], id)),
    speed: q.speed,
    load: q.load,
    ply: q.ply,
    loadRanges: q.loadRanges,
    sidewall: q.sidewall,
    runFlat: q.runFlat,
    terms: q.terms,
  };
}

/** Checks a reading against a case: every key the case names, lines as "one of them". */
export function expectReading(query: string, actual: ReturnType<typeof readingAsCase>, reads: CaseReading) {
  for (const [key, want] of Object.entries(reads)) {
    const got = actual[key as keyof typeof actual];
    if (key === 'lines' && Array.isArray(want) && want.length > 0)
      for (const line of want) expect(got, `${query}: lines`).toContain(line);
    else if (key === 'runFlat') expect(got, `${query}: runFlat`).toBe(want);
    else if (key === 'partial') expect(got, `${query}: partial`).toMatchObject(want as object);
    else if (Array.isArray(want))
      expect([...((got as unknown[]) ?? [])].sort(), `${query}: ${key}`).toEqual([...want].sort());
    else expect(got, `${query}: ${key}`).toEqual(want);
  }
}
