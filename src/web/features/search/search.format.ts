// How the shop writes a tire's warranty and service description (money: lib/format.ts).
import { grouped } from '../../lib/format';

export const miles = (n: number | null) => (n ? `${grouped(n)} mi` : 'None');

/** "94W", "121/118S". */
export const service = (i: {
  loadIndex: number | null;
  loadIndexDual: number | null;
  speedIndex: string | null;
}) => `${i.loadIndex ?? ''}${i.loadIndexDual ? `/${i.loadIndexDual}` : ''}${i.speedIndex ?? ''}`;
