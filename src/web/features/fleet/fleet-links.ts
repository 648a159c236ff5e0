import type { SizeRecord } from '../../../contract/catalog';
import { parseTireSize } from '../../../domain/tire-size';

interface ShoppedUnit {
  id: number;
  unitNumber: string;
  year: number;
  make: string;
  model: string;
  option: string;
  sizes: SizeRecord[];
}

/**
 * The /shop address of a unit's tires: its OE size with its service description, or for a
 * staggered fitment the front size with the rear as the search's rear size (matched pairs of one
 * line); `unit` makes the results add lines for the unit (`unitNumber` names it in the title). Null when its vehicle has no OE size.
 */
export function shopForUnit(unit: ShoppedUnit): string | null {
  const front = unit.sizes.find((s) => s.position !== 'rear');
  const rear = unit.sizes.find((s) => s.position === 'rear');
  if (!front) return null;
  const q = new URLSearchParams({
    year: String(unit.year),
    vmake: unit.make,
    vmodel: unit.model,
    option: unit.option,
  });
  const f = parseTireSize(front.size);
  const r = rear ? parseTireSize(rear.size) : null;
  if (f && r) {
    q.set('width', String(f.width));
    q.set('ratio', String(f.ratio));
    q.set('rim', String(f.rim));
    q.set('rearWidth', String(r.width));
    q.set('rearRatio', String(r.ratio));
    q.set('rearRim', String(r.rim));
  } else q.set('size', `${front.size} ${front.loadIndex}${front.speedIndex}`);
  q.set('unit', String(unit.id));
  q.set('unitNumber', unit.unitNumber);
  return `/shop?${q.toString()}`;
}

/** "245/40ZR18 97Y · rear 275/35ZR18 99Y": a unit's sizes on one line. */
export function sizesText(sizes: SizeRecord[]): string {
  if (!sizes.length) return 'No OE size in the vehicle data';
  return sizes
    .map(
      (s) =>
        `${s.position === 'rear' ? 'rear ' : s.position === 'front' ? 'front ' : ''}${s.size} ${s.loadIndex}${s.speedIndex}`,
    )
    .join(' · ');
}
