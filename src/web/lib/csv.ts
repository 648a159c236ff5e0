import { spreadsheetSafe } from '../../domain/csv';

/** Rows to CSV text (RFC 4180 quoting) and a browser download of it. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    // Text that starts like a formula is kept text: the rule the server's CSVs follow too.
    const text = spreadsheetSafe(v);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

export function downloadText(filename: string, text: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}
