// Whole sizes in any notation inside a free text ("225/45R17", "2254517", "LT265/70R17 121/118S",
// "33x12.50R15"), with the service description written beside them.
import { parseTireSize, type TireSize } from './tire-size';
import type { QueryInterpretation, QueryPart } from './search-query.types';

const service = String.raw`(?:\s*\(?\d{2,3}(?:\/\d{2,3})?[LMNPQRSTUHVWYZ]\)?)?`;
const sizePatterns = [
  new RegExp(
    String.raw`\b\d{2}(?:\.5)?\s*x\s*\d{1,2}(?:\.\d{1,2})?\s*(?:R|D|[/\- ])?\s*\d{2}(?:\.5)?(?:LT)?${service}(?!\w)`,
    'i',
  ),
  new RegExp(
    String.raw`(?<![\w-])(?:P|LT)?\d{3}\s*[/\- ]\s*\d{2}\s*(?:ZR|R|D|[/\- ])?\s*\d{2}(?:\.5)?(?:LT)?${service}(?!\w)`,
    'i',
  ),
  new RegExp(String.raw`(?<![\w-])(?:P|LT)?\d{7}${service}(?!\w)`, 'i'),
];

/** Finds the first whole size in the text: the size and where it is. */
export function findSize(text: string): { size: TireSize; from: number; to: number } | null {
  for (const pattern of sizePatterns) {
    const m = pattern.exec(text);
    const size = m ? parseTireSize(m[0]) : null;
    if (m && size) return { size, from: m.index, to: m.index + m[0].length };
  }
  return null;
}

/**
 * The service description written with a whole size ("225/45R17 94W", "LT265/70R17 121/118S"):
 * it filters like "94w" typed on its own (load index and speed rating facets) and is a part of
 * its own, so its chip removes it and keeps the size. Answers where it is, or null when the size
 * has none (or it cannot be told apart from the size's digits, as in "225451794w").
 */
export function serviceOf(text: string, whole: { size: TireSize; from: number; to: number }) {
  const { loadIndex: load, speedIndex: speed } = whole.size;
  if (load === undefined || speed === undefined) return null;
  const m = /(?<![\d/])\(?\s*(\d{2,3})(?:\s*\/\s*\d{2,3})?\s*[a-z]\s*\)?$/i.exec(
    text.slice(whole.from, whole.to),
  );
  if (!m || Number(m[1]) !== load) return null;
  const from = whole.from + m.index + m[0].length - m[0].trimStart().length;
  return {
    from,
    part: (q: QueryInterpretation): QueryPart => {
      q.load.push(load);
      q.speed.push(speed);
      return {
        kind: 'load',
        text: text.slice(from, whole.to),
        from,
        to: whole.to,
        label: `Load index ${load}, speed rating ${speed}`,
        certainty: 0.8,
      };
    },
  };
}

/** Finds the first size in the text; answers it and the text without it. */
export function extractSize(text: string): { size: TireSize | null; rest: string } {
  const found = findSize(text);
  if (!found) return { size: null, rest: text };
  return { size: found.size, rest: `${text.slice(0, found.from)} ${text.slice(found.to)}` };
}
