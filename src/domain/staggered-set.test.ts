import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partnersOfRemovedHalves, setBreakNote } from './staggered-set';

describe('a return breaks a staggered set', () => {
  it('unless it takes nothing of it or all of it', () => {
    expect(setBreakNote({ quantity: 2, returned: 0 }, { quantity: 2, returned: 0 })).toBeNull();
    expect(setBreakNote({ quantity: 2, returned: 2 }, { quantity: 3, returned: 3 })).toBeNull();
  });

  it('says which half went back, and how much of it', () => {
    expect(setBreakNote({ quantity: 2, returned: 0 }, { quantity: 2, returned: 2 })).toBe('rear returned');
    expect(setBreakNote({ quantity: 2, returned: 1 }, { quantity: 2, returned: 0 })).toBe(
      '1 of 2 front returned',
    );
    expect(setBreakNote({ quantity: 2, returned: 2 }, { quantity: 2, returned: 1 })).toBe(
      'front returned and 1 of 2 rear returned',
    );
  });

  it('is broken exactly when some but not every unit goes back (any quantities)', () => {
    const half = fc
      .integer({ min: 1, max: 8 })
      .chain((quantity) =>
        fc.record({ quantity: fc.constant(quantity), returned: fc.integer({ min: 0, max: quantity }) }),
      );
    fc.assert(
      fc.property(half, half, (front, rear) => {
        const taken = front.returned + rear.returned;
        const whole = front.returned === front.quantity && rear.returned === rear.quantity;
        expect(setBreakNote(front, rear) !== null).toBe(taken > 0 && !whole);
      }),
    );
  });
});

describe('removing a half of a set from the cart', () => {
  const lines = [
    { id: 1, set: { partnerItemId: 2 } },
    { id: 2, set: { partnerItemId: 1 } },
    { id: 3, set: null },
  ];

  it('removes its other half too', () => {
    expect(
      partnersOfRemovedHalves(
        lines,
        new Map([
          [1, 0],
          [2, 2],
          [3, 4],
        ]),
      ),
    ).toEqual([2]);
    expect(
      partnersOfRemovedHalves(
        lines,
        new Map([
          [1, 2],
          [2, 0],
          [3, 4],
        ]),
      ),
    ).toEqual([1]);
  });

  it('removes nothing more when both halves go or a changed quantity keeps the half', () => {
    expect(
      partnersOfRemovedHalves(
        lines,
        new Map([
          [1, 0],
          [2, 0],
          [3, 4],
        ]),
      ),
    ).toEqual([]);
    expect(
      partnersOfRemovedHalves(
        lines,
        new Map([
          [1, 3],
          [2, 1],
          [3, 0],
        ]),
      ),
    ).toEqual([]);
  });
});
