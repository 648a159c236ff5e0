const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars ("$1,234.50", "-$3.00"), formatted only for display; no amount is "—". */
export const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : usd.format(cents / 100 || 0); // `|| 0`: never "-$0.00"
export const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;
export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-US') : '—';
