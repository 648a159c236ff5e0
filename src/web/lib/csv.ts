/** Rows to CSV text (RFC 4180 quoting) and a browser download of it. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const cell = (v: unknown) => {
    const raw = v === null || v === undefined ? '' : String(v);
    // A text starting like a formula (= + - @, tab, CR) would run in a spreadsheet: a leading
    // apostrophe keeps it text (docs/security.md, L6). Numbers stay numbers.
    const text = typeof v !== 'number' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
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
