/** A line of a cart or order as far as its staggered set is concerned (contract LineSet). */
interface SetLine {
  orderItemId: number;
  set?: { setId: number; position: 'front' | 'rear'; partnerItemId: number } | null;
}

export type LineGroup<L> = { kind: 'line'; line: L } | { kind: 'set'; setId: number; front: L; rear: L };

/**
 * The lines in their order, the two halves of each staggered set as one group where its front
 * was (docs/fleet.md, "Staggered sets"). A half whose other half is not among the lines (staff
 * removed it from the order) stays a line of its own.
 */
export function groupSets<L extends SetLine>(lines: L[]): LineGroup<L>[] {
  const byId = new Map(lines.map((l) => [l.orderItemId, l]));
  const groups: LineGroup<L>[] = [];
  const done = new Set<number>();
  for (const line of lines) {
    if (done.has(line.orderItemId)) continue;
    const partner = line.set ? byId.get(line.set.partnerItemId) : undefined;
    if (!line.set || !partner) {
      groups.push({ kind: 'line', line });
      continue;
    }
    const [front, rear] = line.set.position === 'front' ? [line, partner] : [partner, line];
    done.add(front.orderItemId).add(rear.orderItemId);
    groups.push({ kind: 'set', setId: line.set.setId, front, rear });
  }
  return groups;
}
