// Free-text shop queries, as buyers type them at a counter: "225", "p225", "225 45",
// "michelin 225/65r17", "all season 225/45r17", "265 70 17 e", "bfg ko2", "blizak 10 ply",
// "MIC-48". Reads sizes (whole or partial) in any notation, brands and tire lines (typos and
// common aliases tolerated), categories by their everyday words, load range, ply, load index,
// speed rating, run-flat and sidewall, and leaves what it cannot place as terms (an MPN or its
// prefix, or part of a name). Pure: the server plans its search with it, the web shows its parts.
// The parts are beside it: search-query.sizes.ts (whole sizes), search-query.readings.ts (what a
// phrase reads as), search-query.names.ts (names and typos), search-query.words.ts (everyday words).
import { formatSize, printTireSize } from './tire-size';
import { namesOf } from './search-query.names';
import { exactReading, type Reading, type Token, typoReading, unique } from './search-query.readings';
import { findSize, serviceOf } from './search-query.sizes';
import type { QueryInterpretation, QueryPart, Vocabulary } from './search-query.types';
import { noiseWords } from './search-query.words';

export { closestName, editDistance, normalizeName } from './search-query.names';
export { extractSize } from './search-query.sizes';
export {
  type PartialSize,
  type QueryInterpretation,
  type QueryPart,
  type QueryPartKind,
  queryPartKinds,
  type Vocabulary,
} from './search-query.types';

const MAX_PHRASE = 6;

/** Reads the text against the catalogue's brand, line and category names. */
export function interpretQuery(text: string, vocabulary: Vocabulary): QueryInterpretation {
  const q: QueryInterpretation = {
    size: null,
    partialSize: null,
    makeIds: [],
    modelIds: [],
    categoryIds: [],
    speed: [],
    load: [],
    ply: [],
    loadRanges: [],
    sidewall: [],
    runFlat: false,
    terms: [],
    parts: [],
  };
  const whole = findSize(text);
  if (whole) {
    q.size = whole.size;
    const service = serviceOf(text, whole);
    const sizeTo = service?.from ?? whole.to;
    q.parts.push({
      kind: 'size',
      text: text.slice(whole.from, sizeTo).trim(),
      from: whole.from,
      to: sizeTo,
      label: `Size ${service ? formatSize(whole.size) : printTireSize(whole.size)}`,
      certainty: 1,
    });
    if (service) q.parts.push(service.part(q));
  }
  const tokens = tokenize(text, whole);
  const names = namesOf(vocabulary);
  const taken: (Reading | null)[] = tokens.map(() => null);
  const readings: { at: number; n: number; reading: Reading }[] = [];

  // Pass 1: sizes, everyday words and names spelled right, the longest phrase first at each
  // place. Pass 2: what is left, with typos ("bridgstone ridge": "ridge" is the line Ridge
  // Grappler spelled right, not a misspelt Bridgestone).
  for (const pass of [exactReading, typoReading]) {
    for (let i = 0; i < tokens.length; ) {
      if (taken[i]) {
        i++;
        continue;
      }
      let found: { n: number; reading: Reading } | null = null;
      for (let n = Math.min(MAX_PHRASE, tokens.length - i); n >= 1 && !found; n--) {
        if (taken.slice(i, i + n).some(Boolean)) continue;
        const reading = pass(tokens.slice(i, i + n), q, names);
        if (reading) found = { n, reading };
      }
      if (!found) {
        i++;
        continue;
      }
      for (let k = i; k < i + found.n; k++) taken[k] = found.reading;
      readings.push({ at: i, ...found });
      found.reading.apply(q);
      i += found.n;
    }
  }

  // A line that belongs to none of the named brands is not what was meant: its words stay terms.
  for (const r of readings) {
    const lineOutside =
      r.reading.kind === 'model' &&
      q.makeIds.length > 0 &&
      !r.reading.lineMakes?.some((m) => q.makeIds.includes(m));
    if (lineOutside) for (let k = r.at; k < r.at + r.n; k++) taken[k] = null;
  }
  const lines = readings.filter((r) => r.reading.kind === 'model' && taken[r.at]);
  q.modelIds = unique(
    lines.flatMap((r) =>
      names.lines
        .filter((l) => (r.reading as Reading & { ids?: number[] }).ids?.includes(l.id))
        .filter((l) => q.makeIds.length === 0 || q.makeIds.includes(l.makeId))
        .map((l) => l.id),
    ),
  );
  for (const r of readings) {
    if (!taken[r.at]) continue;
    const span = tokens.slice(r.at, r.at + r.n);
    q.parts.push({
      kind: r.reading.kind,
      text: text.slice(span[0].from, span[span.length - 1].to),
      from: span[0].from,
      to: span[span.length - 1].to,
      label: r.reading.label,
      certainty: r.reading.certainty,
      ...(r.reading.corrected ? { corrected: r.reading.corrected } : {}),
    });
  }
  tokens.forEach((t, k) => {
    if (taken[k]) return;
    q.terms.push(t.text);
    q.parts.push({
      kind: 'term',
      text: t.text,
      from: t.from,
      to: t.to,
      label: `“${t.text}”`,
      certainty: /\d/.test(t.text) && /[a-z]/i.test(t.text) ? 0.4 : 0.3,
    });
  });
  q.parts.sort((a, b) => a.from - b.from);
  for (const key of ['makeIds', 'categoryIds', 'load', 'ply'] as const) q[key] = unique(q[key] as number[]);
  for (const key of ['speed', 'loadRanges', 'sidewall'] as const) q[key] = unique(q[key]);
  return q;
}

/** The query without one of its parts: what removing that chip searches for. */
export function queryWithout(text: string, part: Pick<QueryPart, 'from' | 'to'>): string {
  return `${text.slice(0, part.from)} ${text.slice(part.to)}`.replace(/\s+/g, ' ').trim();
}

/** The query with one part's words replaced (a corrected spelling, another size). */
export function queryReplacing(text: string, part: Pick<QueryPart, 'from' | 'to'>, by: string): string {
  return `${text.slice(0, part.from)} ${by} ${text.slice(part.to)}`.replace(/\s+/g, ' ').trim();
}

/** Words of the text outside the whole size, split on blanks and commas, with their places. */
function tokenize(text: string, whole: { from: number; to: number } | null): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/[^\s,;]+/g)) {
    const from = m.index ?? 0;
    const to = from + m[0].length;
    if (whole && from < whole.to && to > whole.from) continue;
    if (noiseWords.has(m[0].toLowerCase())) continue;
    tokens.push({ text: m[0], from, to });
  }
  return tokens;
}
