// What a phrase of one to six words reads as: a partial size, a load or speed, an everyday word, or
// a brand or line name (spelled right in the first pass, with typos in the second).
import { speedIndexes } from './tire-size';
import { type Names, nameMatches, namesList, normalizeName, spelledMatch } from './search-query.names';
import type { PartialSize, QueryInterpretation, QueryPartKind } from './search-query.types';
import {
  categoryWords,
  commonLineWords,
  makeAliases,
  plyOfRange,
  rangeWords,
  runFlatWords,
  sidewallLabels,
  sidewallWords,
  speedWords,
} from './search-query.words';

export interface Token {
  text: string;
  from: number;
  to: number;
}

/** What a phrase (one to six tokens) reads as, before it becomes a part. */
export interface Reading {
  kind: QueryPartKind;
  label: string;
  certainty: number;
  apply(q: QueryInterpretation): void;
  corrected?: string;
  /** For lines: the makes they belong to (a line outside the named brands is dropped). */
  lineMakes?: number[];
}

const isWidth = (n: number) => n >= 125 && n <= 395 && n % 10 === 5;
const isRatio = (n: number) => n >= 25 && n <= 95 && n % 5 === 0;
const isRim = (n: number) => n >= 12 && n <= 26;
const isLoadIndex = (n: number) => n >= 60 && n <= 130;

export const unique = <T>(list: T[]) => [...new Set(list)];

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
export function exactReading(tokens: Token[], q: QueryInterpretation, names: Names): Reading | null {
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
export function typoReading(tokens: Token[], _q: QueryInterpretation, names: Names): Reading | null {
  if (tokens.length > 3) return null;
  const key = normalizeName(tokens.map((t) => t.text).join(''));
  if (key.length < 4 || /^\d+$/.test(key)) return null;
  const makes = names.makes.filter((m) => nameMatches(key, m.key));
  if (makes.length) return makeReading(makes, 0.6, makes[0].name);
  const lines = names.lines.filter((l) => nameMatches(key, l.key));
  if (lines.length) return lineReading(lines, 0.55, lines[0].name);
  return null;
}
