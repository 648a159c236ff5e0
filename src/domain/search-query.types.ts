// The shapes of a free-text reading: the vocabulary it reads against, its parts (one chip each)
// and the interpretation the search plans with.
import type { TireSize } from './tire-size';

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
