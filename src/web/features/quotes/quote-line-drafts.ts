// A quote line as its form holds it (strings while typed) and what the API takes from it:
// the drafts of the line editor, kept apart from the editor's fields.
import type { QuoteItem, QuoteItemInput } from '../../../contract/quotes';
import type { speedIndexes } from '../../../domain/tire-size';
import { dollarsToCents } from './quote-bits';

export type LineKind = 'size' | 'vehicle' | 'mpn';

/** The optional constraints of a line, as typed (empty means "any"). */
export interface ConstraintsDraft {
  brands: string[];
  categories: string[];
  minLoadIndex: number | '';
  minSpeedRating: string | null;
  budgetDollars: number | '';
  deliverBy: string;
}

/** One line request being typed: a size, a vehicle or an MPN, how many tires, and constraints. */
export interface LineDraft {
  key: number;
  kind: LineKind;
  size: string;
  vehicle: { year: string; make: string; model: string; option: string };
  mpn: string;
  /** As typed: empty while the field is emptied to type another number. */
  quantity: number | '';
  roadHazard: boolean;
  constraints: ConstraintsDraft;
  showConstraints: boolean;
}

const blankConstraints = (): ConstraintsDraft => ({
  brands: [],
  categories: [],
  minLoadIndex: '',
  minSpeedRating: null,
  budgetDollars: '',
  deliverBy: '',
});

let nextKey = 0;
export const blankLine = (patch: Partial<Omit<LineDraft, 'key'>> = {}): LineDraft => ({
  key: nextKey++,
  kind: 'size',
  size: '',
  vehicle: { year: '', make: '', model: '', option: '' },
  mpn: '',
  quantity: 4,
  roadHazard: false,
  constraints: blankConstraints(),
  showConstraints: false,
  ...patch,
});

/** A saved line as a draft, to edit it (the workspace's "Edit lines"). */
export const draftOf = (item: QuoteItem): LineDraft =>
  blankLine({
    kind: item.vehicle ? 'vehicle' : item.mpn ? 'mpn' : 'size',
    size: item.size ?? '',
    vehicle: item.vehicle ? { ...item.vehicle, year: String(item.vehicle.year) } : blankLine().vehicle,
    mpn: item.mpn ?? '',
    quantity: item.quantity,
    roadHazard: item.roadHazard,
    constraints: {
      brands: item.constraints.brands ?? [],
      categories: item.constraints.categories ?? [],
      minLoadIndex: item.constraints.minLoadIndex ?? '',
      minSpeedRating: item.constraints.minSpeedRating ?? null,
      budgetDollars: item.constraints.budgetCents != null ? item.constraints.budgetCents / 100 : '',
      deliverBy: item.constraints.deliverBy ?? '',
    },
  });

/** Why a line's number of tires cannot be sent (empty, or not at least 1), if it cannot. */
export const quantityProblem = (line: Pick<LineDraft, 'quantity'>): string | undefined =>
  line.quantity === '' || line.quantity < 1 ? 'At least 1 tire' : undefined;

/** The constraints as the create call takes them: only those given. */
function constraintsInput(c: ConstraintsDraft): NonNullable<QuoteItemInput['constraints']> {
  return {
    ...(c.brands.length ? { brands: c.brands } : {}),
    ...(c.categories.length ? { categories: c.categories } : {}),
    ...(c.minLoadIndex !== '' ? { minLoadIndex: c.minLoadIndex } : {}),
    ...(c.minSpeedRating ? { minSpeedRating: c.minSpeedRating as (typeof speedIndexes)[number] } : {}),
    ...(c.budgetDollars !== '' ? { budgetCents: dollarsToCents(c.budgetDollars) } : {}),
    ...(c.deliverBy ? { deliverBy: c.deliverBy } : {}),
  };
}

/**
 * The lines as the create call takes them: exactly one of size, vehicle or MPN per line; null
 * while a line's number of tires cannot be sent (its field says why, so nothing is sent).
 */
export function linesInput(lines: LineDraft[]): QuoteItemInput[] | null {
  if (lines.some((l) => quantityProblem(l))) return null;
  return lines.map((l) => {
    const what =
      l.kind === 'vehicle'
        ? { vehicle: { ...l.vehicle, year: Number(l.vehicle.year) } }
        : l.kind === 'mpn'
          ? { mpn: l.mpn.trim() }
          : { size: l.size.trim() };
    return {
      ...what,
      quantity: Number(l.quantity),
      roadHazard: l.roadHazard,
      constraints: constraintsInput(l.constraints),
    };
  });
}

/** A problem's message for a field of line i (`/body/items/i/field`, nested fields too), if any. */
export type FieldError = (i: number, field: string) => string | undefined;

export function fieldErrorOf(error: unknown): FieldError {
  const errors = (error as { errors?: { pointer?: string; detail?: string }[] } | undefined)?.errors;
  return (i, field) =>
    errors?.find(
      (e) => e.pointer === `/body/items/${i}/${field}` || e.pointer?.startsWith(`/body/items/${i}/${field}/`),
    )?.detail;
}
