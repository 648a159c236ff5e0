import type { Readable } from 'node:stream';
import { type CsvError, type Info, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from '../../domain/csv';

/** One record of a CSV file: its cells (trimmed), the line it starts on and its text as sent. */
export interface CsvRecord {
  line: number;
  raw: string;
  cells: string[];
}

/** A record that could not be read, with the line it starts on and why. */
export interface CsvFault {
  line: number;
  raw: string;
  reason: string;
}

/** The input stream failed before its end (an upload that broke off). */
export class CsvInputError extends Error {
  constructor(readonly cause: unknown) {
    super('The CSV input broke off');
  }
}

const lineBreaks = (cells: string[]) => cells.reduce((n, cell) => n + cell.split('\n').length - 1, 0);
/** csv-parse's raw text of a record carries bits of the line breaks around it. */
const textOf = (raw: string | undefined) => (raw ?? '').replace(/^[\r\n]+/, '').replace(/\r?\n?$/, '');

/**
 * Reads a CSV stream record by record while it arrives, with csv-parse (RFC 4180: a quoted field
 * may hold commas, doubled quotes and line breaks). Lines that are blank are skipped; cells are
 * trimmed; a quote inside an unquoted field is an ordinary character; records may have any number
 * of cells (the caller checks them). A quote left open swallows the rest of the file: that record
 * comes last, as a fault. If the input stream fails, the iteration throws a CsvInputError.
 */
export async function* readCsv(input: Readable): AsyncGenerator<CsvRecord | CsvFault> {
  // The line a record starts on: the lines of the records before it (one, plus the line breaks
  // inside their quoted cells) and the empty lines skipped so far (csv-parse's own line count
  // does not follow line breaks inside quotes).
  let linesBefore = 0;
  // With these options the only fault left is a quote still open at the end; a fault would come
  // in its place all the same, after the records read before it.
  const faults: CsvError[] = [];
  const parser = parse({
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    info: true,
    raw: true,
    on_skip: (error, raw) => {
      if (error) faults.push(Object.assign(error, { raw }));
    },
  });
  if (input.errored) throw new CsvInputError(input.errored);
  input.once('error', (error) => parser.destroy(new CsvInputError(error)));
  input.pipe(parser);
  let records = 0;
  function* faultsBefore(record: number): Generator<CsvFault> {
    while (faults.length && Number(faults[0].records ?? 0) <= record) {
      const error = faults.shift()!;
      yield {
        line: 1 + linesBefore + Number(error.empty_lines ?? 0),
        raw: textOf(error.raw as string | undefined),
        reason: error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'A quote is not closed' : error.message,
      };
    }
  }
  type Parsed = { record: string[]; info: Info; raw: string };
  for await (const { record, info, raw } of parser as AsyncIterable<Parsed>) {
    yield* faultsBefore(records);
    records += 1;
    const line = 1 + linesBefore + info.empty_lines;
    linesBefore += 1 + lineBreaks(record);
    const text = textOf(raw);
    if (text.trim()) yield { line, raw: text, cells: record.map((cell) => cell.trim()) };
  }
  yield* faultsBefore(Number.POSITIVE_INFINITY);
}

/**
 * Rows to CSV text with csv-stringify (RFC 4180 quoting, a line break after every row). Every CSV
 * the server writes goes through here, so every cell gets the one spreadsheet rule
 * (domain/csv.ts): text that starts like a formula is written as text.
 */
export function writeCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return stringify(rows as unknown[][], { cast: { string: spreadsheetSafe } });
}
