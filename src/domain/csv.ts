// The one rule for a cell of any CSV the shop writes (the server's exports and the web's grid
// downloads): a spreadsheet runs a cell that starts with = + - @ (and some run one after a tab or
// a carriage return) as a formula, so such text gets a leading apostrophe and stays text.

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain negative number ("-100.00") is a value in every spreadsheet, not a formula. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** The text of one cell, safe to open in a spreadsheet. Numbers stay numbers. */
export function spreadsheetSafe(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'number' || typeof value === 'bigint') return text;
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}
