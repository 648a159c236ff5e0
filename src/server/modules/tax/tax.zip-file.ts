// Reading a ZIP-rate file (the freely published monthly rate tables: one line per ZIP with its
// combined rate and the state, county, city and special parts as decimal fractions, 0.082500).
// Every line is checked before anything is written; the rules are the ones a wrong file breaks:
// an unknown state, a ZIP that is not 5 digits, a rate below 0 or over 20 %, a combined rate that is
// not the sum of its parts, the same ZIP twice.
import type { Readable } from 'node:stream';
import { zipRateColumns } from '../../../contract/tax';
import { readCsv } from '../../lib/csv';

export interface ZipLine {
  line: number;
  state: string;
  zip: string;
  regionName: string;
  combinedPpm: number;
  statePpm: number;
  countyPpm: number;
  cityPpm: number;
  specialPpm: number;
}

export interface LineError {
  line: number;
  column: string | null;
  detail: string;
}

/** At most 20 %, in parts per million. */
const MAX_RATE_PPM = 200_000;
/** Six-decimal parts rounded each may miss their sum by this much (4 parts × half a unit, rounded up). */
const SUM_TOLERANCE_PPM = 2;
/** A refusal lists at most this many lines. */
export const MAX_ERRORS_LISTED = 1000;

const rateColumns = [
  ['EstimatedCombinedRate', 'combinedPpm'],
  ['StateRate', 'statePpm'],
  ['EstimatedCountyRate', 'countyPpm'],
  ['EstimatedCityRate', 'cityPpm'],
  ['EstimatedSpecialRate', 'specialPpm'],
] as const;

/**
 * A decimal fraction ("0.0825", ".0825", "0") as parts per million, computed from the digits (no
 * floating point); past six decimals it is rounded half up. A text that is no such number is null.
 */
export function fractionToPpm(text: string): number | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const decimals = `${m[3] ?? ''}0000000`;
  let ppm = Number(m[2] || '0') * 1_000_000 + Number(decimals.slice(0, 6));
  if (Number(decimals[6]) >= 5) ppm += 1;
  return m[1] === '-' ? -ppm : ppm;
}

function headerIndex(cells: string[]) {
  const at = new Map(
    cells.map((c, i) => [
      c
        .replace(/^\uFEFF/, '')
        .trim()
        .toLowerCase(),
      i,
    ]),
  );
  const missing = zipRateColumns.filter((c) => !at.has(c.toLowerCase()));
  const index = Object.fromEntries(zipRateColumns.map((c) => [c, at.get(c.toLowerCase()) ?? -1]));
  return { missing, index: index as Record<(typeof zipRateColumns)[number], number> };
}

/** Reads and checks the whole file; `lines` is only meant to be used when `errors` is empty. */
export async function readZipFile(
  input: Readable,
  states: Set<string>,
): Promise<{ lines: ZipLine[]; errors: LineError[]; errorCount: number }> {
  const lines: ZipLine[] = [];
  const errors: LineError[] = [];
  let errorCount = 0;
  const refuse = (line: number, column: string | null, detail: string) => {
    errorCount += 1;
    if (errors.length < MAX_ERRORS_LISTED) errors.push({ line, column, detail });
  };
  const seen = new Map<string, number>();
  let header: ReturnType<typeof headerIndex> | null = null;
  for await (const record of readCsv(input)) {
    if (!('cells' in record)) {
      refuse(record.line, null, record.reason);
      continue;
    }
    if (!header) {
      header = headerIndex(record.cells);
      if (header.missing.length) {
        refuse(record.line, null, `The header lacks the column(s) ${header.missing.join(', ')}`);
        return { lines: [], errors, errorCount };
      }
      continue;
    }
    const cell = (c: (typeof zipRateColumns)[number]) => record.cells[header!.index[c]] ?? '';
    const { line } = record;
    const before = errorCount;
    const state = cell('State').toUpperCase();
    if (!states.has(state)) refuse(line, 'State', `Unknown state "${cell('State')}"`);
    const zip = cell('ZipCode');
    if (!/^\d{5}$/.test(zip)) refuse(line, 'ZipCode', `"${zip}" is not a 5-digit ZIP code`);
    else if (seen.has(zip)) refuse(line, 'ZipCode', `ZIP ${zip} is already on line ${seen.get(zip)}`);
    else seen.set(zip, line);
    const ppm: Partial<Record<(typeof rateColumns)[number][1], number>> = {};
    for (const [column, key] of rateColumns) {
      const value = fractionToPpm(cell(column));
      if (value === null)
        refuse(line, column, `"${cell(column)}" is not a rate (a decimal fraction such as 0.0825)`);
      else if (value < 0) refuse(line, column, `The rate ${cell(column)} is negative`);
      else if (value > MAX_RATE_PPM) refuse(line, column, `The rate ${cell(column)} is over 20 %`);
      else ppm[key] = value;
    }
    const { combinedPpm, statePpm, countyPpm, cityPpm, specialPpm } = ppm;
    if (
      combinedPpm !== undefined &&
      statePpm !== undefined &&
      countyPpm !== undefined &&
      cityPpm !== undefined &&
      specialPpm !== undefined
    ) {
      const sum = statePpm + countyPpm + cityPpm + specialPpm;
      if (Math.abs(sum - combinedPpm) > SUM_TOLERANCE_PPM)
        refuse(
          line,
          'EstimatedCombinedRate',
          `The combined rate ${cell('EstimatedCombinedRate')} is not the sum of its parts (${(sum / 1_000_000).toFixed(6)})`,
        );
      if (errorCount === before)
        lines.push({
          line,
          state,
          zip,
          regionName: cell('TaxRegionName').slice(0, 200),
          combinedPpm,
          statePpm,
          countyPpm,
          cityPpm,
          specialPpm,
        });
    }
  }
  if (!header) refuse(1, null, 'The file is empty: expected a header line and ZIP lines');
  else if (!lines.length && !errorCount) refuse(1, null, 'The file has a header but no ZIP lines');
  return { lines, errors, errorCount };
}
