// Rows of the tax area as the API sends them, with `current` marked: the latest row of each
// state (and fee name) from a day not after today.
import type * as api from '../../../contract/tax';
import type { TireKind } from '../../../domain/tire-kind';
import type * as repo from './tax.repository';

/** Marks, per key, the first row (rows come newest first per key) from a day not after `today`. */
function markCurrent<R extends { effectiveFrom: string }>(rows: R[], key: (r: R) => string, today: string) {
  const found = new Set<string>();
  return rows.map((row) => {
    const k = key(row);
    const current = !found.has(k) && row.effectiveFrom <= today;
    if (current) found.add(k);
    return { row, current };
  });
}

const dated = (r: repo.StateRateRow | repo.TaxabilityRow | repo.TireFeeRow) => ({
  id: r.id,
  state: r.state,
  effectiveFrom: r.effectiveFrom,
  source: r.source,
  checkedOn: r.checkedOn,
  note: r.note,
});

export function toStateRates(rows: repo.StateRateRow[], today: string): api.StateRate[] {
  return markCurrent(rows, (r) => r.state, today).map(({ row, current }) => ({
    ...dated(row),
    current,
    ratePpm: row.ratePpm,
  }));
}

export function toTaxability(rows: repo.TaxabilityRow[], today: string): api.Taxability[] {
  return markCurrent(rows, (r) => r.state, today).map(({ row, current }) => ({
    ...dated(row),
    current,
    shippingTaxable: row.shippingTaxable,
    labourTaxable: row.labourTaxable,
    tireFeeTaxable: row.tireFeeTaxable,
    fetTaxable: row.fetTaxable,
    roadHazardTaxable: row.roadHazardTaxable,
  }));
}

export function toTireFees(rows: repo.TireFeeRow[], today: string): api.TireFee[] {
  return markCurrent(rows, (r) => `${r.state}\n${r.name}`, today).map(({ row, current }) => ({
    ...dated(row),
    current,
    name: row.name,
    amountCents: row.amountCents,
    percentPpm: row.percentPpm,
    kinds: row.kinds as TireKind[],
    taxable: row.taxable,
  }));
}

export function toZipRate(r: repo.ZipRateRow): api.ZipRate {
  const { createdAt: _created, ...rest } = r;
  return rest;
}

export function toRun(r: repo.ImportRunRow, rowsDone = r.rowsDone): api.ImportRun {
  return {
    id: r.id,
    fileName: r.fileName,
    userId: r.userId,
    status: r.status as api.ImportRun['status'],
    effectiveFrom: r.effectiveFrom,
    rowsTotal: r.rowsTotal,
    rowsDone,
    rowsUnchanged: r.rowsUnchanged,
    errors: r.errors,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}
