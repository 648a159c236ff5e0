import { describe, expect, it } from 'vitest';
import { leftToSend } from './order-sending';

const order = (lineStatuses: string[], unrouted = 0) =>
  ({
    subOrders: [{ lines: lineStatuses.map((status) => ({ status })) }],
    orderItems: [{ unroutedQuantity: unrouted }],
  }) as unknown as Parameters<typeof leftToSend>[0];

describe('what Send to suppliers would send', () => {
  it('counts the pending lines of every sub-order', () => {
    expect(leftToSend(order(['pending', 'pending']))).toEqual({ pendingLines: 2, unroutedUnits: 0 });
    expect(leftToSend(order(['sent', 'pending', 'confirmed']))).toEqual({
      pendingLines: 1,
      unroutedUnits: 0,
    });
  });

  it('offers nothing for an order whose lines were all sent, even with unrouted units', () => {
    expect(leftToSend(order(['sent', 'confirmed', 'cancelled']))).toEqual({
      pendingLines: 0,
      unroutedUnits: 0,
    });
    expect(leftToSend(order(['cancelled'], 4))).toEqual({ pendingLines: 0, unroutedUnits: 4 });
  });
});
