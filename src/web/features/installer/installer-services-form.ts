// The service price list editor's values and the one check of them: the contract's schema for
// each field and the domain's rim-range rule (src/domain/installer-services.ts), the same two the
// server applies, so the form names a problem at the field before anything is sent.
import type { ServiceList, ServiceListInput } from '../../../contract/installer-services';
import { ServiceListInput as InputSchema } from '../../../contract/installer-services';
import { rimRangeProblems } from '../../../domain/installer-services';

type Num = number | string;

/** A row as typed: inches and dollars; an empty inch field is an open end. */
export interface RateRow {
  key: string;
  fromInches: Num;
  toInches: Num;
  dollars: Num;
}

export interface ServiceFormValues {
  rows: RateRow[];
  valveKit: Num;
  disposal: Num;
}

let keys = 0;
export const newRow = (row: Partial<RateRow> = {}): RateRow => ({
  key: `row-${++keys}`,
  fromInches: '',
  toInches: '',
  dollars: '',
  ...row,
});

const dollars = (cents: number) => cents / 100;
const blank = (v: Num) => v === '' || v === null || v === undefined;

/** The form's values of a published list; for none, the usual three ranges with no prices yet. */
export function formValuesOf(list: ServiceList | null): ServiceFormValues {
  if (!list)
    return {
      rows: [newRow({ toInches: 17 }), newRow({ fromInches: 18, toInches: 20 }), newRow({ fromInches: 21 })],
      valveKit: '',
      disposal: '',
    };
  return {
    rows: list.mountBalance.map((r) =>
      newRow({
        fromInches: r.fromInches ?? '',
        toInches: r.toInches ?? '',
        dollars: dollars(r.mountBalanceCents),
      }),
    ),
    valveKit: dollars(list.valveKitCents),
    disposal: dollars(list.disposalCents),
  };
}

const cents = (v: Num) => Math.round(Number(v) * 100);
const inches = (v: Num) => (blank(v) ? null : Number(v));

/** What the form sends (without the location: the installer's current one). */
export function wireOf(values: ServiceFormValues): ServiceListInput {
  return {
    mountBalance: values.rows.map((r) => ({
      fromInches: inches(r.fromInches),
      toInches: inches(r.toInches),
      mountBalanceCents: cents(r.dollars),
    })),
    valveKitCents: cents(values.valveKit),
    disposalCents: cents(values.disposal),
  };
}

/** A field of the wire (a zod path or a pointer's path, "mountBalance.1.fromInches") as the form's field. */
export function formKeyOf(path: string): string {
  return path
    .replace(/^mountBalance/, 'rows')
    .replace(/\.mountBalanceCents$/, '.dollars')
    .replace(/^valveKitCents$/, 'valveKit')
    .replace(/^disposalCents$/, 'disposal');
}

/** The form's errors by field: empty prices, the contract's limits, then ranges that overlap or leave gaps. */
export function validateServices(values: ServiceFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.rows.forEach((r, i) => {
    if (blank(r.dollars)) errors[`rows.${i}.dollars`] = 'Enter a price';
  });
  if (blank(values.valveKit)) errors.valveKit = 'Enter a price';
  if (blank(values.disposal)) errors.disposal = 'Enter a price';
  const wire = wireOf(values);
  const parsed = InputSchema.safeParse(wire);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[formKeyOf(issue.path.join('.'))] ??= issue.message;
  // The ranges are compared once every inch field is a whole number in bounds.
  if (!Object.keys(errors).some((k) => k.endsWith('Inches')))
    for (const p of rimRangeProblems(wire.mountBalance)) errors[`rows.${p.index}.${p.field}`] ??= p.detail;
  return errors;
}
