import { describe, expect, it } from 'vitest';
import { groupSets } from './line-sets';

const set = (setId: number, position: 'front' | 'rear', partnerItemId: number) => ({
  setId,
  position,
  partnerItemId,
});

describe('the lines of a cart or order, grouped by staggered set', () => {
  it('shows the two halves of a set as one group, front first, where the first half was', () => {
    const lines = [
      { orderItemId: 1, set: null },
      { orderItemId: 3, set: set(7, 'rear', 2) },
      { orderItemId: 2, set: set(7, 'front', 3) },
      { orderItemId: 4 },
    ];
    expect(
      groupSets(lines).map((g) =>
        g.kind === 'set' ? [g.front.orderItemId, g.rear.orderItemId] : g.line.orderItemId,
      ),
    ).toEqual([1, [2, 3], 4]);
  });

  it('keeps a half whose other half is gone as a line of its own', () => {
    const lines = [{ orderItemId: 2, set: set(7, 'front', 3) }];
    expect(groupSets(lines)).toEqual([{ kind: 'line', line: lines[0] }]);
  });
});
