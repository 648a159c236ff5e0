const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars, formatted only for display. */
export const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : usd.format(cents / 100);

export const miles = (n: number | null) => (n ? `${new Intl.NumberFormat('en-US').format(n)} mi` : 'None');

/** "94W", "121/118S". */
export const service = (i: {
  loadIndex: number | null;
  loadIndexDual: number | null;
  speedIndex: string | null;
}) => `${i.loadIndex ?? ''}${i.loadIndexDual ? `/${i.loadIndexDual}` : ''}${i.speedIndex ?? ''}`;
