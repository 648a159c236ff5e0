// The federal excise tax a SKU carries per tire, from its load index and construction: the one
// function every SKU write (catalogue admin, demo and bench seeds, test factories) stores through,
// so products.fet_unit_cents always says what excise-tax.ts says of the tire.
import { exciseTaxUnitCents } from './excise-tax';
import { loadCapacityLbs } from './load-index';
import { biasOrSuperSingle, type TireSkuShape } from './tire-kind';

/** Cents of federal excise tax on one tire of this SKU; 0 at or below 3,500 lb or without a load index. */
export function skuExciseTaxUnitCents(sku: TireSkuShape): number {
  return exciseTaxUnitCents({
    loadCapacityLbs: sku.loadIndex === null ? null : loadCapacityLbs(sku.loadIndex),
    biasOrSuperSingle: biasOrSuperSingle(sku),
  });
}
