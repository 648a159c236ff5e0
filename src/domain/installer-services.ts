// An installer's service price list: mount and balance per tire by rim size, a valve stem or TPMS
// service kit and the disposal of the old tire. The rim ranges are whole inches with both ends
// included (up to 17, 18–20, 21 and up); a fractional rim counts by its whole inches (17.5 is 17,
// 22.5 is 22), so the ranges tile every rim when each row starts one inch after the row before.
// The server checks a list with this before writing it, and the web editor before sending it.

/** One row of mount and balance prices; a null end is open ("up to", "and up"). */
export interface RimRange {
  fromInches: number | null;
  toInches: number | null;
}

export interface RangeProblem {
  /** The row's index in the list as given. */
  index: number;
  field: 'fromInches' | 'toInches';
  detail: string;
}

const label = (r: RimRange) =>
  r.fromInches === null
    ? r.toInches === null
      ? 'every rim'
      : `up to ${r.toInches}"`
    : r.toInches === null
      ? `${r.fromInches}" and up`
      : `${r.fromInches}–${r.toInches}"`;

/**
 * What keeps the ranges from covering every rim exactly once: a range that ends before it starts,
 * two open starts or ends, an overlap or a gap with the row before it (in rim order), a first row
 * that does not start open or a last row that does not end open. Empty when the list is sound.
 */
export function rimRangeProblems(ranges: readonly RimRange[]): RangeProblem[] {
  if (!ranges.length) return [];
  const problems: RangeProblem[] = [];
  ranges.forEach((r, index) => {
    if (r.fromInches !== null && r.toInches !== null && r.fromInches > r.toInches)
      problems.push({ index, field: 'toInches', detail: `ends before it starts (${r.fromInches}")` });
  });
  if (problems.length) return problems;
  const start = (r: RimRange) => r.fromInches ?? Number.NEGATIVE_INFINITY;
  const ordered = ranges.map((r, index) => ({ r, index })).sort((a, b) => start(a.r) - start(b.r));
  const first = ordered[0];
  if (first.r.fromInches !== null)
    problems.push({
      index: first.index,
      field: 'fromInches',
      detail: `leaves rims under ${first.r.fromInches}" without a price: start the first row open ("up to")`,
    });
  for (let i = 1; i < ordered.length; i++) {
    const before = ordered[i - 1].r;
    const { r, index } = ordered[i];
    if (before.toInches === null || r.fromInches === null || r.fromInches <= before.toInches)
      problems.push({ index, field: 'fromInches', detail: `overlaps ${label(before)}` });
    else if (r.fromInches > before.toInches + 1)
      problems.push({
        index,
        field: 'fromInches',
        detail: `leaves a gap after ${label(before)}: start at ${before.toInches + 1}"`,
      });
  }
  const last = ordered[ordered.length - 1];
  if (last.r.toInches !== null)
    problems.push({
      index: last.index,
      field: 'toInches',
      detail: `leaves rims over ${last.r.toInches}" without a price: leave the last row open ("and up")`,
    });
  return problems;
}

/** The row of a sound list that prices a rim (its whole inches), or undefined. */
export function rangeForRim<R extends RimRange>(ranges: readonly R[], rimInches: number): R | undefined {
  const inches = Math.floor(rimInches);
  return ranges.find(
    (r) => (r.fromInches === null || r.fromInches <= inches) && (r.toInches === null || inches <= r.toInches),
  );
}

/** "up to 17"", "18–20"", "21" and up"": how a range reads in the editor and on a breakdown. */
export const rimRangeLabel = label;
