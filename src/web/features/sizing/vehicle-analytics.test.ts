import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectVehicleValue } from './vehicle-selector.slice';

// Spec §2: the vehicle selectors' events are category "Sizing/Vehicle", action "Select" and the
// labels Year, Make, Model and Option, one event per choice.

type Layer = { dataLayer?: Record<string, unknown>[] };
const g = globalThis as unknown as { window?: Layer };

describe('vehicle selector analytics', () => {
  beforeEach(() => {
    g.window = {};
  });
  afterEach(() => {
    delete g.window;
  });

  const cases = [
    ['year', 'Year', '2020', {}],
    ['make', 'Make', 'Toyota', { year: '2020' }],
    ['model', 'Model', 'Camry', { year: '2020', make: 'Toyota' }],
    ['option', 'Option', 'LE', { year: '2020', make: 'Toyota', model: 'Camry' }],
  ] as const;

  for (const [level, label, value, chosen] of cases) {
    it(`sends Sizing/Vehicle · Select · ${label} when a ${level} is chosen`, () => {
      selectVehicleValue(level, value, chosen)(() => undefined);
      expect(g.window?.dataLayer).toEqual([
        { event: 'select', category: 'Sizing/Vehicle', action: 'Select', label, value },
      ]);
    });
  }

  it('sends nothing when a dropdown is cleared', () => {
    selectVehicleValue('make', null, { year: '2020' })(() => undefined);
    expect(g.window?.dataLayer).toBeUndefined();
  });
});
