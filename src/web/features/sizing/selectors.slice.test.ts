import { describe, expect, it } from 'vitest';
import { loadRatios, loadRims, loadWidths, sizeSelectorReducer, widthSelected } from './size-selector.slice';
import { loadMakes, loadYears, vehicleSelectorReducer, vehicleValueSelected } from './vehicle-selector.slice';

const choices = (...values: string[]) => values.map((value) => ({ value, label: value }));

describe('size selector, chained', () => {
  it('enables only the width at first', () => {
    const s = sizeSelectorReducer(undefined, { type: 'init' });
    expect([s.width.enabled, s.ratio.enabled, s.rim.enabled]).toEqual([true, false, false]);
  });

  it('starts with the widths loading, so the start of their load leaves the state as it was (no render)', () => {
    const s = sizeSelectorReducer(undefined, { type: 'init' });
    expect(s.width.loading).toBe(true);
    expect(sizeSelectorReducer(s, loadWidths.pending('r', {}))).toBe(s);
    const v = vehicleSelectorReducer(undefined, { type: 'init' });
    expect(v.year.loading).toBe(true);
    expect(vehicleSelectorReducer(v, loadYears.pending('r', undefined))).toBe(v);
  });

  it('clears ratio and rim when a width is chosen, and enables ratio once loaded', () => {
    let s = sizeSelectorReducer(undefined, { type: 'init' });
    s = sizeSelectorReducer(s, loadRims.fulfilled(choices('17'), 'r', { width: '225', ratio: '45' }));
    s = sizeSelectorReducer(s, widthSelected('235'));
    expect(s.rim).toMatchObject({ enabled: false, values: [], selected: null });
    s = sizeSelectorReducer(s, loadRatios.pending('r', { width: '235' }));
    expect(s.ratio.loading).toBe(true);
    s = sizeSelectorReducer(s, loadRatios.fulfilled(choices('45', '55'), 'r', { width: '235' }));
    expect(s.ratio).toMatchObject({ enabled: true, loading: false, values: choices('45', '55') });
  });

  it('stores a failed load on that selector and stops its loading', () => {
    let s = sizeSelectorReducer(undefined, loadRatios.pending('r', { width: '225' }));
    s = sizeSelectorReducer(
      s,
      loadRatios.rejected(null, 'r', { width: '225' }, { status: 0, message: 'Server down' }),
    );
    expect(s.ratio).toMatchObject({ loading: false, error: 'Server down' });
  });
});

describe('vehicle selector, chained', () => {
  it('clears model and option when a year is chosen and enables make once loaded', () => {
    let s = vehicleSelectorReducer(undefined, vehicleValueSelected({ level: 'model', value: 'Camry' }));
    s = vehicleSelectorReducer(s, vehicleValueSelected({ level: 'year', value: '2020' }));
    expect(s.model.selected).toBeNull();
    expect(s.option.enabled).toBe(false);
    s = vehicleSelectorReducer(s, loadMakes.fulfilled(choices('Toyota'), 'r', { year: '2020' }));
    expect(s.make).toMatchObject({ enabled: true, values: choices('Toyota') });
  });
});
