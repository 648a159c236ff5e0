import { describe, expect, it } from 'vitest';
import { biasOrSuperSingle, tireKindOf } from './tire-kind';

const sku = (size: string, loadIndex: number | null = null, construction = 'R') => ({
  size,
  construction,
  loadIndex,
});

describe('the kind of a tire', () => {
  it('reads passenger sizes, P-metric and metric', () => {
    expect(tireKindOf(sku('P225/45R17', 91))).toBe('passenger');
    expect(tireKindOf(sku('225/45ZR17', 94, 'ZR'))).toBe('passenger');
    expect(tireKindOf(sku('205/55R16'))).toBe('passenger');
  });

  it('reads light-truck sizes: LT prefix or suffix, flotation, European C', () => {
    expect(tireKindOf(sku('LT265/70R17', 121))).toBe('light_truck');
    expect(tireKindOf(sku('LT275/70R18', 125))).toBe('light_truck');
    expect(tireKindOf(sku('265/70R17LT', 121))).toBe('light_truck');
    expect(tireKindOf(sku('33x12.50R15', 108))).toBe('light_truck');
    expect(tireKindOf(sku('215/75R16C', 116))).toBe('light_truck');
  });

  it('reads commercial truck sizes by their rim or a load beyond any LT tire', () => {
    expect(tireKindOf(sku('295/75R22.5', 146))).toBe('truck');
    expect(tireKindOf(sku('11R22.5', 146))).toBe('truck');
    expect(tireKindOf(sku('225/70R19.5', 128))).toBe('truck');
    expect(tireKindOf(sku('LT305/70R18', 135))).toBe('truck');
  });

  it('reads trailer and off-road tires', () => {
    expect(tireKindOf(sku('ST225/75R15', 117))).toBe('trailer');
    expect(tireKindOf(sku('25x8.00R12', 43))).toBe('off_road');
    expect(tireKindOf(sku('AT25x8-12', null, 'D'))).toBe('off_road');
  });
});

describe('the half rate of the excise tax', () => {
  it('applies to bias-ply tires and to single truck tires wider than 13 inches', () => {
    expect(biasOrSuperSingle(sku('LT235/85R16', 120, 'D'))).toBe(true);
    expect(biasOrSuperSingle(sku('445/50R22.5', 161))).toBe(true);
    expect(biasOrSuperSingle(sku('385/65R22.5', 160))).toBe(true);
  });

  it('does not apply to radial LT tires or to dual-width truck tires', () => {
    expect(biasOrSuperSingle(sku('LT275/70R18', 125))).toBe(false);
    expect(biasOrSuperSingle(sku('295/75R22.5', 146))).toBe(false);
    expect(biasOrSuperSingle(sku('11R22.5', 146))).toBe(false);
  });
});
