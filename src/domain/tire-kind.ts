// What kind of tire a SKU is, read from its size text: the states' tire fees name the kinds they
// apply to (tax data, tire_fees.kinds), and the excise tax treats super-single tires apart.
import { parseTireSize } from './tire-size';

export const tireKinds = ['passenger', 'light_truck', 'truck', 'trailer', 'off_road'] as const;
export type TireKind = (typeof tireKinds)[number];

export interface TireSkuShape {
  /** The catalogue's size text: "LT265/70R17", "225/45R17", "ST225/75R15", "11R22.5". */
  size: string;
  /** R, ZR, D (bias) or B (belted bias). */
  construction: string;
  /** The single-mount load index; null when the SKU names none. */
  loadIndex: number | null;
}

/** Rims of commercial truck and bus tires (half-inch sizes a passenger or LT tire never has). */
const TRUCK_RIMS = new Set([17.5, 19.5, 22.5, 24.5]);
/** No light-truck tire carries more than LI 129 (1,850 kg); above it the tire is a truck tire. */
const MAX_LIGHT_TRUCK_LOAD_INDEX = 129;
/** A flotation size on a rim of 12 inches or less is an ATV/UTV or lawn tire, not for the road. */
const MAX_OFF_ROAD_FLOTATION_RIM = 12;
/** 13 inches of section width: wider single truck tires replace a dual pair (26 U.S.C. §4072). */
const SUPER_SINGLE_MIN_WIDTH_MM = 330.2;

const rimOf = (text: string): number | null => {
  const m = /R?\s*(\d{2}(?:\.5)?)\s*(?:LT|C)?\s*(?:\(?\d{2,3}(?:\/\d{2,3})?[A-Z]\)?)?$/i.exec(text.trim());
  return m ? Number(m[1]) : null;
};

/**
 * The kind of a tire: a prefix says it first (ST trailer, LT light truck, AT/UTV/OTR off road), then
 * the size (a commercial rim or a load beyond any LT tire is a truck tire; a small flotation size
 * is off road; flotation, an LT or C suffix is light truck); anything else is a passenger tire.
 */
export function tireKindOf(sku: TireSkuShape): TireKind {
  const text = sku.size.trim().toUpperCase();
  if (text.startsWith('ST')) return 'trailer';
  if (/^(AT|UTV|OTR)/.test(text)) return 'off_road';
  const rim = parseTireSize(text)?.rim ?? rimOf(text);
  if ((rim !== null && TRUCK_RIMS.has(rim)) || (sku.loadIndex ?? 0) > MAX_LIGHT_TRUCK_LOAD_INDEX)
    return 'truck';
  const parsed = parseTireSize(text);
  if (parsed?.type === 'flotation' && parsed.rim <= MAX_OFF_ROAD_FLOTATION_RIM) return 'off_road';
  if (text.startsWith('LT') || parsed?.type === 'LT' || parsed?.type === 'flotation') return 'light_truck';
  if (/(\d)(LT|C)\b/.test(text)) return 'light_truck';
  return 'passenger';
}

/**
 * Whether the excise tax takes its half rate: a bias-ply tire (construction D or B) or a super
 * single, a truck tire wider than 13 inches (e.g. 445/50R22.5). The law leaves steering tires out
 * of super singles; the size cannot tell them, so a wide steer tire is taxed at the half rate.
 */
export function biasOrSuperSingle(sku: TireSkuShape): boolean {
  const construction = sku.construction.trim().toUpperCase();
  if (construction === 'D' || construction === 'B') return true;
  const parsed = parseTireSize(sku.size);
  return (
    tireKindOf(sku) === 'truck' &&
    parsed !== null &&
    parsed.type !== 'flotation' &&
    parsed.width > SUPER_SINGLE_MIN_WIDTH_MM
  );
}
