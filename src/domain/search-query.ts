// Free-text shop queries, as buyers type them at a counter: "225", "p225", "225 45",
// "michelin 225/65r17", "all season 225/45r17", "265 70 17 e", "bfg ko2", "blizak 10 ply",
// "MIC-48". Reads sizes (whole or partial) in any notation, brands and tire lines (typos and
// common aliases tolerated), categories by their everyday words, load range, ply, load index,
// speed rating, run-flat and sidewall, and leaves what it cannot place as terms (an MPN or its
// prefix, or part of a name). Pure: the server plans its search with it, the web shows its parts.
import { formatSize, parseTireSize, printTireSize, speedIndexes, type TireSize } from './tire-size';

export interface Vocabulary {
  makes: { id: number; name: string }[];
  models: { id: number; makeId: number; name: string }[];
  /** The shop's categories (All-Season, Winter…); everyday words are matched to their names. */
  categories?: { id: number; name: string }[];
}

/** What one part of the text was read as; each part becomes one removable chip. */
export const queryPartKinds = [
  'size',
  'make',
  'model',
  'category',
  'speed',
  'load',
  'ply',
  'loadRange',
  'runFlat',
  'sidewall',
  'term',
] as const;
export type QueryPartKind = (typeof queryPartKinds)[number];

export interface QueryPart {
  kind: QueryPartKind;
  /** The words of the query it was read from, as typed. */
  text: string;
  /** Where those words are in the query (start inclusive, end exclusive). */
  from: number;
  to: number;
  /** What the buyer sees on its chip: "Width 225", "Brand: Michelin", "Category: All-Season". */
  label: string;
  /** 0–1, how sure the reading is: the least sure part is the first to drop when nothing is found. */
  certainty: number;
  /** For a word read with a typo: the name it was read as ("Did you mean …"). */
  corrected?: string;
}

/** A size the buyer typed only part of: a width, a width and ratio, perhaps a rim, P or LT. */
export interface PartialSize {
  type?: 'P' | 'LT';
  width?: number;
  ratio?: number;
  rim?: number;
}

export interface QueryInterpretation {
  /** A whole size (width, ratio and rim), with its load and speed when typed. */
  size: TireSize | null;
  /** Part of a size (when no whole size was typed). */
  partialSize: PartialSize | null;
  makeIds: number[];
  modelIds: number[];
  categoryIds: number[];
  speed: string[];
  load: number[];
  ply: number[];
  /** Load ranges without a ply of their own: XL (extra load), SL (standard load). */
  loadRanges: string[];
  sidewall: string[];
  runFlat: boolean;
  /** Words it could not place: MPNs, their prefixes, parts of names. */
  terms: string[];
  parts: QueryPart[];
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

/** Finds the first whole size in the text: the size and where it is. */
function findSize(text: string): { size: TireSize; from: number; to: number } | null {
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
function serviceOf(text: string, whole: { size: TireSize; from: number; to: number }) {
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
  if (editDistance(candidate, name, allowed) <= allowed) return true;
  // A typo in a prefix: compare with the start of the name of about the same length.
  if (candidate.length < 5) return false;
  const n = candidate.length;
  return [n - 1, n, n + 1].some((len) => editDistance(candidate, name.slice(0, len), 1) <= 1);
}

// ---- Everyday words -------------------------------------------------------------------------

/** Category words → the category's name (normalized). Longer phrases win over names they start. */
const categoryWords: Record<string, string> = {
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
const makeAliases: Record<string, string> = {
  bfg: 'bfgoodrich',
  bf: 'bfgoodrich',
  gy: 'goodyear',
  conti: 'continental',
};

const sidewallWords: Record<string, string> = {
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

const runFlatWords = new Set(['runflat', 'runflats', 'rft', 'rof']);

/** Load range letters with a ply rating (C 6, D 8, E 10, F 12); XL and SL have none. */
const plyOfRange: Record<string, number> = { c: 6, d: 8, e: 10, f: 12 };
const rangeWords: Record<string, string> = {
  xl: 'XL',
  extraload: 'XL',
  reinforced: 'XL',
  sl: 'SL',
  standardload: 'SL',
};
const speedWords = new Set(['h', 'v', 'w', 'y', 'z', 's', 't']);
const sidewallLabels: Record<string, string> = {
  RWL: 'Raised white letters',
  OWL: 'Outlined white letters',
  BSW: 'Black sidewall',
};

/** Words that say nothing about which tire: dropped. */
const noiseWords = new Set(['tire', 'tires', 'tyre', 'tyres', 'for', 'the', 'and', 'with', 'size']);

/** Words that are in many line names and mean nothing alone. */
const commonLineWords = new Set([
  'plus',
  'sport',
  'season',
  'terrain',
  'touring',
  'contact',
  'ultra',
  'tour',
]);

// ---- Reading ----------------------------------------------------------------------------------

interface Token {
  text: string;
  from: number;
  to: number;
}

/** What a phrase (one to six tokens) reads as, before it becomes a part. */
interface Reading {
  kind: QueryPartKind;
  label: string;
  certainty: number;
  apply(q: QueryInterpretation): void;
  corrected?: string;
  /** For lines: the makes they belong to (a line outside the named brands is dropped). */
  lineMakes?: number[];
}

const MAX_PHRASE = 6;
const isWidth = (n: number) => n >= 125 && n <= 395 && n % 10 === 5;
const isRatio = (n: number) => n >= 25 && n <= 95 && n % 5 === 0;
const isRim = (n: number) => n >= 12 && n <= 26;
const isLoadIndex = (n: number) => n >= 60 && n <= 130;

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

const unique = <T>(list: T[]) => [...new Set(list)];

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

interface Names {
  makes: { id: number; key: string; name: string }[];
  lines: { id: number; makeId: number; key: string; name: string; words: string[] }[];
  categories: { id: number; key: string; name: string }[];
}

const namesCache = new WeakMap<Vocabulary, Names>();
function namesOf(v: Vocabulary): Names {
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

const namesList = (list: { name: string }[]) =>
  list.length <= 3 ? list.map((x) => x.name).join(', ') : `${list[0].name} and ${list.length - 1} more`;

function makeReading(hits: Names['makes'], certainty: number, corrected?: string): Reading {
  return {
    kind: 'make',
    label: `Brand: ${namesList(hits)}`,
    certainty,
    corrected,
    apply: (q) => q.makeIds.push(...hits.map((h) => h.id)),
  };
}

function lineReading(hits: Names['lines'], certainty: number, corrected?: string): Reading {
  return Object.assign(
    {
      kind: 'model' as const,
      label: `Line: ${namesList(hits)}`,
      certainty,
      corrected,
      lineMakes: unique(hits.map((h) => h.makeId)),
      apply: () => {},
    },
    { ids: hits.map((h) => h.id) },
  );
}

const simple = (
  kind: QueryPartKind,
  label: string,
  certainty: number,
  apply: (q: QueryInterpretation) => void,
): Reading => ({ kind, label, certainty, apply });

/** A partial size in one or two tokens: 225, P225, LT265, 225/45, 22545, 225 45, 33x12.50, r17. */
function sizeReading(words: string[], q: QueryInterpretation): Reading | null {
  if (q.size || words.length > 2) return null;
  const joined = words.join(' ').toLowerCase();
  let m = /^(p|lt)?\s*(\d{3})(?:\s*[/\- ]?\s*(\d{2}))?$/.exec(joined);
  if (m && isWidth(Number(m[2])) && (!m[3] || isRatio(Number(m[3])))) {
    if (q.partialSize?.width) return null;
    const size: PartialSize = {
      ...(m[1] ? { type: m[1].toUpperCase() as 'P' | 'LT' } : {}),
      width: Number(m[2]),
      ...(m[3] ? { ratio: Number(m[3]) } : {}),
    };
    const kind = size.type === 'P' ? 'P-metric width' : size.type === 'LT' ? 'LT width' : 'Width';
    const label = size.ratio ? `Size ${size.type ?? ''}${size.width}/${size.ratio}` : `${kind} ${size.width}`;
    return simple('size', label, size.ratio ? 0.85 : 0.7, (qq) => {
      qq.partialSize = { ...qq.partialSize, ...size };
    });
  }
  m = /^(\d{2}(?:\.5)?)x(\d{1,2}(?:\.\d{1,2})?)$/.exec(joined);
  if (m && words.length === 1) {
    const size = { width: Number(m[1]), ratio: Number(m[2]) };
    return simple('size', `Size ${m[1]}x${Number(m[2]).toFixed(2)}`, 0.85, (qq) => {
      qq.partialSize = { ...qq.partialSize, ...size };
    });
  }
  m = /^(?:r\s*(\d{2})|(\d{2})\s*(?:"|in|inch|inches|rim))$/.exec(joined);
  const rim = m ? Number(m[1] ?? m[2]) : 0;
  if (m && isRim(rim) && !q.partialSize?.rim) {
    return simple('size', `Rim ${rim}″`, 0.75, (qq) => {
      qq.partialSize = { ...qq.partialSize, rim };
    });
  }
  return null;
}

/** Load and speed: "94v", "121/118s", "load 94", "li 94", "10 ply", "load range e", "xl", "h". */
function serviceReading(words: string[], q: QueryInterpretation): Reading | null {
  const joined = normalizeName(words.join(''));
  const raw = words.join(' ').toLowerCase();
  let m = /^(\d{2,3})(?:\/\d{2,3})?([lmnpqrstuhvwyz])$/.exec(raw);
  if (m && words.length === 1 && isLoadIndex(Number(m[1]))) {
    const [load, speed] = [Number(m[1]), m[2].toUpperCase()];
    return simple('load', `Load index ${load}, speed rating ${speed}`, 0.8, (qq) => {
      qq.load.push(load);
      qq.speed.push(speed);
    });
  }
  m = /^(?:load|li|loadindex)(\d{2,3})$/.exec(joined);
  if (m && isLoadIndex(Number(m[1]))) {
    const load = Number(m[1]);
    return simple('load', `Load index ${load}`, 0.8, (qq) => qq.load.push(load));
  }
  // A bare number next to a whole size is its load index: "225/45r17 94".
  m = /^(\d{2,3})$/.exec(raw);
  if (m && q.size && isLoadIndex(Number(m[1]))) {
    const load = Number(m[1]);
    return simple('load', `Load index ${load}`, 0.6, (qq) => qq.load.push(load));
  }
  m = /^(\d{1,2})(?:ply|pr)$/.exec(joined);
  if (m && Number(m[1]) >= 4 && Number(m[1]) <= 16) {
    const ply = Number(m[1]);
    return simple('ply', `${ply} ply`, 0.85, (qq) => qq.ply.push(ply));
  }
  m = /^(?:loadrange|lr)?([cdef])$/.exec(joined);
  if (m && (words.length === 1 || /^(loadrange|lr)/.test(joined))) {
    const ply = plyOfRange[m[1]];
    const certain = joined.length > 1 ? 0.85 : 0.5;
    return simple('ply', `Load range ${m[1].toUpperCase()} (${ply} ply)`, certain, (qq) => qq.ply.push(ply));
  }
  const range = rangeWords[joined];
  if (range) {
    const label = range === 'XL' ? 'Extra load (XL)' : 'Standard load (SL)';
    return simple('loadRange', label, 0.85, (qq) => qq.loadRanges.push(range));
  }
  m = /^(?:speed|speedrating)?([hvwyzst])(?:rated)?$/.exec(joined);
  if (m && (joined.length > 1 || speedWords.has(joined))) {
    const speed = m[1].toUpperCase();
    if (!speedIndexes.includes(speed as never)) return null;
    return simple('speed', `Speed rating ${speed}`, joined.length > 1 ? 0.85 : 0.5, (qq) =>
      qq.speed.push(speed),
    );
  }
  return null;
}

function wordReading(words: string[], names: Names): Reading | null {
  const key = normalizeName(words.join(''));
  if (!key) return null;
  const category = categoryWords[key];
  const hit = category ? names.categories.find((c) => c.key === category) : undefined;
  if (hit) return simple('category', `Category: ${hit.name}`, 0.85, (q) => q.categoryIds.push(hit.id));
  if (runFlatWords.has(key)) return simple('runFlat', 'Run-flat', 0.9, (q) => (q.runFlat = true));
  const sidewall = sidewallWords[key];
  if (sidewall)
    return simple('sidewall', `Sidewall: ${sidewallLabels[sidewall]}`, 0.85, (q) =>
      q.sidewall.push(sidewall),
    );
  return null;
}

/** Pass 1: sizes, load and speed, everyday words, aliases and names spelled right. */
function exactReading(tokens: Token[], q: QueryInterpretation, names: Names): Reading | null {
  const words = tokens.map((t) => t.text);
  const sized = sizeReading(words, q) ?? serviceReading(words, q);
  if (sized) return sized;
  const key = normalizeName(words.join(''));
  if (key.length < 1) return null;
  // Everyday words before names: "all season" is the category, not Firestone's line All Season;
  // a longer phrase ("all-terrain t/a") is tried first and is the line.
  const word = wordReading(words, names);
  if (word) return word;
  const alias = makeAliases[key];
  const aliased = alias ? names.makes.filter((m) => m.key === alias) : [];
  if (aliased.length) return makeReading(aliased, 0.9);
  if (key.length < 2) return null;
  const makes = names.makes.filter((m) => spelledMatch(key, m.key));
  if (makes.length) return makeReading(makes, 0.95);
  const lines = names.lines.filter((l) => spelledMatch(key, l.key));
  if (lines.length) return lineReading(lines, 0.9);
  // One word of a line's name that says which line: "ko2", "duratrac", "grappler".
  const distinctive = words.length === 1 && key.length >= 3 && (/\d/.test(key) || key.length >= 6);
  if (distinctive && !commonLineWords.has(key)) {
    const byWord = names.lines.filter((l) => l.words.includes(key));
    if (byWord.length) return lineReading(byWord, 0.85);
  }
  return null;
}

/** Pass 2: brand and line names with typos (three words at most). */
function typoReading(tokens: Token[], _q: QueryInterpretation, names: Names): Reading | null {
  if (tokens.length > 3) return null;
  const key = normalizeName(tokens.map((t) => t.text).join(''));
  if (key.length < 4 || /^\d+$/.test(key)) return null;
  const makes = names.makes.filter((m) => nameMatches(key, m.key));
  if (makes.length) return makeReading(makes, 0.6, makes[0].name);
  const lines = names.lines.filter((l) => nameMatches(key, l.key));
  if (lines.length) return lineReading(lines, 0.55, lines[0].name);
  return null;
}

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
