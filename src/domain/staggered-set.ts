// Staggered sets: a front and a rear size of one tire line bought together (docs/fleet.md,
// "Staggered sets"). Pure rules; the cart, checkout and returns apply them.

export type SetPosition = 'front' | 'rear';

/** A half of a set as a return sees it: the units bought and the units this return takes back. */
export interface SetHalfUnits {
  quantity: number;
  returned: number;
}

const halfNote = (name: SetPosition, h: SetHalfUnits) =>
  h.returned >= h.quantity ? `${name} returned` : `${h.returned} of ${h.quantity} ${name} returned`;

/**
 * Whether a return breaks a set, and how to say so: it does unless it takes nothing of the set or
 * the whole set (every unit of both halves). Answers the note ("rear returned", "1 of 2 front
 * returned and rear returned"), or null when the set stays whole.
 */
export function setBreakNote(front: SetHalfUnits, rear: SetHalfUnits): string | null {
  const none = front.returned <= 0 && rear.returned <= 0;
  const all = front.returned >= front.quantity && rear.returned >= rear.quantity;
  if (none || all) return null;
  const parts: string[] = [];
  if (front.returned > 0) parts.push(halfNote('front', front));
  if (rear.returned > 0) parts.push(halfNote('rear', rear));
  return parts.join(' and ');
}

/** A line of a cart as far as its set is concerned. */
export interface SetLine {
  id: number;
  set: { partnerItemId: number } | null;
}

/**
 * The lines a cart change removes besides the ones it names: removing a half of a set removes
 * the set, so its other half goes too. `quantities`: each line's quantity after the change (0:
 * removed). Answers the ids of the other halves that were not removed already.
 */
export function partnersOfRemovedHalves(lines: SetLine[], quantities: ReadonlyMap<number, number>): number[] {
  const partners = new Set<number>();
  for (const line of lines) {
    if (!line.set || (quantities.get(line.id) ?? 0) > 0) continue;
    const partner = line.set.partnerItemId;
    if ((quantities.get(partner) ?? 0) > 0) partners.add(partner);
  }
  return [...partners];
}
