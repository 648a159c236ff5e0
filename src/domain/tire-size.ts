// Tire sizes in every notation the shop meets (P-metric, metric, LT, flotation, ZR), their one
// canonical text and their overall diameter. Pure: used by the seed, the search and the web.

export const sizeTypes = ['P', 'metric', 'LT', 'flotation'] as const;
export type SizeType = (typeof sizeTypes)[number];
export const constructions = ['R', 'ZR', 'D'] as const;
export type Construction = (typeof constructions)[number];
export const speedIndexes = ['L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y', 'Z'] as const;

/**
 * A tire size. For metric-style sizes width is the section width in mm and ratio the aspect
 * ratio; for flotation sizes (33x12.50R15) width is the overall diameter in inches and ratio the
 * section width in inches, which is how the sizing chain lists them (33 → 12.50 → 15).
 */
export interface TireSize {
  type: SizeType;
  width: number;
  ratio: number;
  rim: number;
  construction: Construction;
  loadIndex?: number;
  /** The second (dual-mount) load index of LT tires: 121/118S. */
  loadIndexDual?: number;
  speedIndex?: string;
}

const MM_PER_INCH = 25.4;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Overall diameter in inches: rim plus two sidewalls; a flotation size states it directly. */
export function overallDiameter(s: Pick<TireSize, 'type' | 'width' | 'ratio' | 'rim'>): number {
  if (s.type === 'flotation') return round2(s.width);
  return round2(s.rim + (2 * s.width * s.ratio) / 100 / MM_PER_INCH);
}

/** 17 → "17", 16.5 → "16.5" (rims and metric dimensions). */
export function formatDimension(n: number): string {
  return Number.isInteger(n) ? String(n) : String(round2(n));
}

/** A flotation section width always has two decimals: 12.50, 10.50. */
export function formatRatio(s: Pick<TireSize, 'type' | 'ratio'>): string {
  return s.type === 'flotation' ? s.ratio.toFixed(2) : formatDimension(s.ratio);
}

/** The size without load and speed: P225/45R17, 225/45ZR17, LT265/70R17, 33x12.50R15. */
export function formatSize(s: TireSize): string {
  const rim = formatDimension(s.rim);
  if (s.type === 'flotation') return `${formatDimension(s.width)}x${formatRatio(s)}${s.construction}${rim}`;
  const prefix = s.type === 'P' ? 'P' : s.type === 'LT' ? 'LT' : '';
  return `${prefix}${formatDimension(s.width)}/${formatRatio(s)}${s.construction}${rim}`;
}

/** "94W", "121/118S", or "" when neither is known. */
export function formatService(s: Pick<TireSize, 'loadIndex' | 'loadIndexDual' | 'speedIndex'>): string {
  const load = s.loadIndex ? `${s.loadIndex}${s.loadIndexDual ? `/${s.loadIndexDual}` : ''}` : '';
  return `${load}${s.speedIndex ?? ''}`;
}

/** The canonical text of a size with its service description: "225/45R17 94W". */
export function printTireSize(s: TireSize): string {
  const service = formatService(s);
  return service ? `${formatSize(s)} ${service}` : formatSize(s);
}

const service = String.raw`(?:\s*\(?\s*(\d{2,3})(?:\s*\/\s*(\d{2,3}))?\s*([LMNPQRSTUHVWYZ])\s*\)?)?`;
const metricRe = new RegExp(
  String.raw`^(P|LT)?\s*(\d{3})\s*[/\- ]\s*(\d{2})\s*(ZR|R|D|[/\- ])?\s*(\d{2}(?:\.5)?)(?:\s*LT)?${service}$`,
  'i',
);
const compactRe = new RegExp(String.raw`^(P|LT)?(\d{3})(\d{2})(\d{2})${service}$`, 'i');
const flotationRe = new RegExp(
  String.raw`^(\d{2}(?:\.5)?)\s*[xX]\s*(\d{1,2}(?:\.\d{1,2})?)\s*(R|D|[/\- ])?\s*(\d{2}(?:\.5)?)(?:\s*LT)?${service}$`,
  'i',
);

function withService(size: TireSize, load?: string, dual?: string, speed?: string): TireSize {
  if (load) size.loadIndex = Number(load);
  if (load && dual) size.loadIndexDual = Number(dual);
  if (speed) size.speedIndex = speed.toUpperCase();
  return size;
}

const construction = (c: string | undefined): Construction => {
  const up = (c ?? 'R').toUpperCase();
  return up === 'ZR' || up === 'D' ? up : 'R';
};
const metricType = (prefix: string | undefined): SizeType => {
  const up = prefix?.toUpperCase();
  return up === 'P' ? 'P' : up === 'LT' ? 'LT' : 'metric';
};

/** Reads a size in any common notation; null when the text is not a size. */
export function parseTireSize(text: string): TireSize | null {
  const t = text.trim();
  let m = flotationRe.exec(t);
  if (m) {
    const size = { type: 'flotation', width: Number(m[1]), ratio: Number(m[2]), rim: Number(m[4]) };
    return withService({ ...size, construction: construction(m[3]) } as TireSize, m[5], m[6], m[7]);
  }
  m = metricRe.exec(t) ?? compactRe.exec(t);
  if (!m) return null;
  const isCompact = m.length === 8;
  const [width, ratio, rim] = [Number(m[2]), Number(m[3]), Number(isCompact ? m[4] : m[5])];
  if (width < 100 || rim < 10 || rim > 30) return null;
  const size: TireSize = {
    type: metricType(m[1]),
    width,
    ratio,
    rim,
    construction: isCompact ? 'R' : construction(m[4]),
  };
  return isCompact ? withService(size, m[5], m[6], m[7]) : withService(size, m[6], m[7], m[8]);
}

/** Sizes whose overall diameter is within `tolerance` (0.03 = 3%) of the reference: plus sizes. */
export function withinDiameter(reference: number, candidate: number, tolerance = 0.03): boolean {
  return Math.abs(candidate - reference) <= reference * tolerance;
}

/** URL slug of a size: 225-45r17, lt265-70r17, 33x12-50r15. */
export function sizeSlug(s: TireSize): string {
  return formatSize(s).toLowerCase().replace(/[/.]/g, '-');
}
