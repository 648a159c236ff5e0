const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : usd.format(cents / 100);
export const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;
export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-US') : '—';
export const date = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US') : '—';
