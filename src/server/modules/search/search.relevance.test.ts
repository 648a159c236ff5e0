import { describe, expect, it } from 'vitest';
import { type CaseReading, type RelevanceCase, relevanceCases } from '../../../domain/search-query.cases';
import { parseTireSize } from '../../../domain/tire-size';
import { type Answer, buyerSearch, type Item } from './search.test-helpers';

// The relevance suite against the seeded demo catalogue, through POST /api/search/items: every
// case whose text must find tires finds some and its first page fits what the text says; every
// case that must find nothing finds nothing and suggests something instead. The last test prints
// the suite's numbers (zero-result rate, share of right first pages).

const suite = buyerSearch();

type Full = Item & {
  modelId: number;
  category: string | null;
  loadIndex: number | null;
  ply: number | null;
  loadRange: string | null;
  sidewall: string | null;
  sizeType: string;
};

/** Why an item does not fit a reading, or null when it fits. */
function misfit(item: Full, r: CaseReading, models: number[]): string | null {
  const size = r.size ? parseTireSize(r.size) : null;
  if (size && (item.width !== size.width || item.ratio !== size.ratio || item.rim !== size.rim))
    return `size ${item.size}`;
  if (size && size.type === 'LT' && item.sizeType !== 'LT') return `size type ${item.sizeType}`;
  const p = r.partial;
  if (p?.width && item.width !== p.width) return `width ${item.width}`;
  if (p?.ratio && item.ratio !== p.ratio) return `ratio ${item.ratio}`;
  if (p?.rim && item.rim !== p.rim) return `rim ${item.rim}`;
  if (p?.type && item.sizeType !== p.type) return `size type ${item.sizeType}`;
  if (r.makes?.length && !r.makes.includes(item.brand)) return `brand ${item.brand}`;
  if (r.lines?.length && !models.includes(item.modelId)) return `line ${item.line}`;
  if (r.categories?.length && !r.categories.includes(item.category ?? '')) return `category ${item.category}`;
  if (r.speed?.length && !r.speed.includes(item.speedIndex)) return `speed ${item.speedIndex}`;
  if (r.load?.length && !r.load.includes(item.loadIndex ?? 0)) return `load ${item.loadIndex}`;
  if (r.ply?.length && !r.ply.includes(item.ply ?? 0)) return `ply ${item.ply}`;
  if (r.loadRanges?.length && !r.loadRanges.includes(item.loadRange ?? ''))
    return `load range ${item.loadRange}`;
  if (r.sidewall?.length && !r.sidewall.includes(item.sidewall ?? '')) return `sidewall ${item.sidewall}`;
  if (r.runFlat && !item.runFlat) return 'not run-flat';
  return null;
}

type Suggesting = Answer & { suggestions?: { label: string }[] };

/** Whether the first page is right for the case, and why not. */
function verdict(c: RelevanceCase, answer: Suggesting): string | null {
  if (c.finds === 'none') {
    if (answer.count > 0) return `found ${answer.count}`;
    return answer.suggestions?.length ? null : 'no suggestion';
  }
  if (answer.count === 0) return 'found nothing';
  for (const item of answer.list) {
    const why = misfit(
      item as Full,
      c.reads,
      (answer.applied.interpreted as { models?: number[] })?.models ?? [],
    );
    if (why) return `${item.brand} ${item.line} ${item.size}: ${why}`;
  }
  return null;
}

describe('the relevance suite against the demo catalogue', () => {
  const results: { c: RelevanceCase; count: number; wrong: string | null }[] = [];

  for (const c of relevanceCases) {
    it(`“${c.query}” ${c.finds === 'none' ? 'finds nothing and suggests' : 'finds what it says'}`, async () => {
      const answer = (await suite.search({ query: c.query })) as Suggesting;
      const wrong = verdict(c, answer);
      results.push({ c, count: answer.count, wrong });
      if (!process.env.RELEVANCE_REPORT) expect(wrong, c.query).toBeNull();
    });
  }

  it('reports the zero-result rate and the share of right first pages', () => {
    const zero = results.filter((r) => r.count === 0).length;
    const right = results.filter((r) => r.wrong === null).length;
    const line = `relevance: ${results.length} cases, zero results ${zero} (${((100 * zero) / results.length).toFixed(1)} %), first page right ${right} (${((100 * right) / results.length).toFixed(1)} %)`;
    console.log(line);
    if (process.env.RELEVANCE_REPORT)
      for (const r of results.filter((x) => x.wrong)) console.log(`  ${r.c.query}: ${r.wrong}`);
    expect(results.length).toBe(relevanceCases.length);
  });
});
