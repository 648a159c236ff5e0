// Free-text shop queries: "michelin 225/65r17", "2254517", "MIC-48", "bridgstone blizak".
// Finds a size in any notation, brand and tire-line names (typos tolerated) and leaves the
// remaining words as terms (an MPN or its prefix, or part of a name).
import { parseTireSize, type TireSize } from './tire-size';

export interface Vocabulary {
  makes: { id: number; name: string }[];
  models: { id: number; makeId: number; name: string }[];
}

export interface QueryInterpretation {
  size: TireSize | null;
  makeIds: number[];
  modelIds: number[];
  terms: string[];
}

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

/** Finds the first size in the text; answers it and the text without it. */
export function extractSize(text: string): { size: TireSize | null; rest: string } {
  for (const pattern of sizePatterns) {
    const m = pattern.exec(text);
    const size = m ? parseTireSize(m[0]) : null;
    if (m && size) return { size, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}` };
  }
  return { size: null, rest: text };
}

export const normalizeName = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Levenshtein distance, stopping early once above `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/** Typos allowed for a word of this length: none for short words, one or two for longer. */
const tolerance = (length: number) => (length <= 3 ? 0 : length <= 6 ? 1 : 2);

/** The whole name or (four letters or more) its start, spelled right. */
const spelledMatch = (candidate: string, name: string) =>
  candidate === name || (candidate.length >= 4 && name.startsWith(candidate));

/** A spelled match, or one with as many typos as the word's length tolerates. */
function nameMatches(candidate: string, name: string): boolean {
  if (spelledMatch(candidate, name)) return true;
  const allowed = tolerance(candidate.length);
  if (allowed === 0) return false;
  // A typo in a prefix: compare with the start of the name of about the same length.
  if (editDistance(candidate, name, allowed) <= allowed) return true;
  if (candidate.length < 5) return false;
  const n = candidate.length;
  return [n - 1, n, n + 1].some((len) => editDistance(candidate, name.slice(0, len), 1) <= 1);
}

interface Entry {
  id: number;
  key: string;
  makeId?: number;
}

/** Ids of the entries a phrase names; longer phrases (up to three words) are tried first. */
function matchWords(
  words: string[],
  entries: Entry[],
  matches: (candidate: string, name: string) => boolean,
): { ids: Entry[]; rest: string[] } {
  const ids: Entry[] = [];
  const rest: string[] = [];
  let i = 0;
  while (i < words.length) {
    let taken = 0;
    for (let n = Math.min(3, words.length - i); n >= 1 && !taken; n--) {
      const candidate = normalizeName(words.slice(i, i + n).join(''));
      if (candidate.length < 2) continue;
      const hits = entries.filter((e) => matches(candidate, e.key));
      if (hits.length) {
        ids.push(...hits);
        taken = n;
      }
    }
    if (taken) i += taken;
    else rest.push(words[i++]);
  }
  return { ids, rest };
}

/** Reads a free-text query against the catalogue's brand and line names. */
export function interpretQuery(text: string, vocabulary: Vocabulary): QueryInterpretation {
  const { size, rest } = extractSize(text.trim());
  const words = rest.split(/\s+/).filter(Boolean);
  const makeEntries = vocabulary.makes.map((m) => ({ id: m.id, key: normalizeName(m.name) }));
  const lineEntries = vocabulary.models.map((m) => ({
    id: m.id,
    key: normalizeName(m.name),
    makeId: m.makeId,
  }));
  // Names spelled right win over typos: in "nitto ridge", "ridge" starts the line Ridge
  // Grappler and is not a misspelt "bridge(stone)". Brands first, then lines, in each pass.
  const spelledMakes = matchWords(words, makeEntries, spelledMatch);
  const spelledLines = matchWords(spelledMakes.rest, lineEntries, spelledMatch);
  const typoMakes = matchWords(spelledLines.rest, makeEntries, nameMatches);
  const typoLines = matchWords(typoMakes.rest, lineEntries, nameMatches);
  const makeIds = [...new Set([...spelledMakes.ids, ...typoMakes.ids].map((e) => e.id))];
  const lineHits = [...spelledLines.ids, ...typoLines.ids];
  const modelIds = [
    ...new Set(
      lineHits.filter((e) => makeIds.length === 0 || makeIds.includes(e.makeId ?? 0)).map((e) => e.id),
    ),
  ];
  const unmatchedLines = lineHits.length > 0 && modelIds.length === 0;
  return {
    size,
    makeIds,
    modelIds,
    terms: unmatchedLines ? words.filter((w) => !makeWord(w)) : typoLines.rest,
  };

  /** Words a brand took (they are not terms even when their line did not fit). */
  function makeWord(word: string) {
    const spelled = !spelledMakes.rest.includes(word);
    return spelled || (spelledLines.rest.includes(word) && !typoMakes.rest.includes(word));
  }
}
