import type { InstallerOrderStatus } from '../../../domain/installer-status';

/** Status words as people read them ("not_shipped" → "not shipped"). */
export const words = (s: string) => s.replaceAll('_', ' ');

// One colour per status, written out so that a new status must be given one.
const colorOf: Record<InstallerOrderStatus, string> = {
  incoming: 'yellow',
  scheduled: 'blue',
  received: 'teal',
  mounted: 'green',
  cancelled: 'gray',
};

/** The colour of an installer order's status badge (a status the contract types as a string is yellow). */
export const statusColor = (s: string) => colorOf[s as InstallerOrderStatus] ?? 'yellow';
