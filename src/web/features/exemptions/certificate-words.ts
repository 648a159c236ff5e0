import dayjs from 'dayjs';
import type { Certificate } from '../../../contract/exemptions';

/** How a certificate's status is shown: its colour and its word. */
export const statusColor: Record<Certificate['status'], string> = {
  pending: 'yellow',
  verified: 'green',
  rejected: 'red',
  expired: 'gray',
};

/** An expiry date (YYYY-MM-DD) as people read it. */
export const expiryDate = (day: string) => dayjs(day).format('MMM D, YYYY');

/** Where a certificate applies. */
export const appliesTo = (c: Pick<Certificate, 'locationName' | 'state'>) =>
  `${c.state}, ${c.locationName ?? 'every location'}`;

export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
