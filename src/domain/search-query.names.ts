// Brand and line names as a reading matches them: normalized, spelled right or with as many typos
// as a word's length tolerates, and the closest name for a "did you mean".
import type { Vocabulary } from './search-query.types';

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
export const spelledMatch = (candidate: string, name: string) =>
  candidate === name || (candidate.length >= 4 && name.startsWith(candidate));

/** A spelled match, or one with as many typos as the word's length tolerates. */
export function nameMatches(candidate: string, name: string): boolean {
  if (spelledMatch(candidate, name)) return true;
  const allowed = tolerance(candidate.length);
  if (allowed === 0) return false;
  if (editDistance(candidate, name, allowed) <= allowed) return true;
  // A typo in a prefix: compare with the start of the name of about the same length.
  if (candidate.length < 5) return false;
  const n = candidate.length;
  return [n - 1, n, n + 1].some((len) => editDistance(candidate, name.slice(0, len), 1) <= 1);
}

export interface Names {
  makes: { id: number; key: string; name: string }[];
  lines: { id: number; makeId: number; key: string; name: string; words: string[] }[];
  categories: { id: number; key: string; name: string }[];
}

const namesCache = new WeakMap<Vocabulary, Names>();
export function namesOf(v: Vocabulary): Names {
  const known = namesCache.get(v);
  if (known) return known;
  const names: Names = {
    makes: v.makes.map((m) => ({ id: m.id, key: normalizeName(m.name), name: m.name })),
    lines: v.models.map((m) => ({
      id: m.id,
      makeId: m.makeId,
      key: normalizeName(m.name),
      name: m.name,
      words: m.name
        .split(/[\s/]+/)
        .map(normalizeName)
        .filter(Boolean),
    })),
    categories: (v.categories ?? []).map((c) => ({ id: c.id, key: normalizeName(c.name), name: c.name })),
  };
  namesCache.set(v, names);
  return names;
}

export const namesList = (list: { name: string }[]) =>
  list.length <= 3 ? list.map((x) => x.name).join(', ') : `${list[0].name} and ${list.length - 1} more`;

/** The closest brand or line name to a word no reading placed (a "did you mean"), if close. */
export function closestName(word: string, vocabulary: Vocabulary): string | null {
  const key = normalizeName(word);
  if (key.length < 4) return null;
  const names = namesOf(vocabulary);
  let best: { name: string; d: number } | null = null;
  for (const n of [...names.makes, ...names.lines]) {
    const d = Math.min(editDistance(key, n.key, 3), editDistance(key, n.key.slice(0, key.length), 3));
    if (d <= 3 && (!best || d < best.d)) best = { name: n.name, d };
  }
  return best && best.d <= Math.max(2, Math.floor(key.length / 3)) ? best.name : null;
}
