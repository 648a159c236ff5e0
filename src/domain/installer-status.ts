// Installer order statuses: the table the installer's buttons, the server's checks and the
// staff corrections read (docs/installer.md).
import { assertTransition, type TransitionTable } from './status-machine';

export const installerOrderStatuses = ['incoming', 'scheduled', 'received', 'mounted', 'cancelled'] as const;
export type InstallerOrderStatus = (typeof installerOrderStatuses)[number];

/**
 * An installer order waits for its tires (incoming), gets a bay appointment (scheduled), has its
 * tires in the bay (received) and ends mounted; it may be cancelled until the tires are mounted.
 */
export const installerOrderTransitions: TransitionTable<InstallerOrderStatus> = {
  incoming: ['scheduled', 'received', 'cancelled'],
  scheduled: ['received', 'cancelled'],
  received: ['mounted', 'cancelled'],
  mounted: [],
  cancelled: [],
};

/** Staff correct a mistake: a mount or a cancellation recorded by error goes back to received. */
export const installerOrderCorrections: TransitionTable<InstallerOrderStatus> = {
  ...installerOrderTransitions,
  mounted: ['received'],
  cancelled: ['incoming', 'received'],
};

export function assertInstallerOrderTransition(
  from: InstallerOrderStatus,
  to: InstallerOrderStatus,
  correction = false,
) {
  assertTransition(
    'installer order',
    correction ? installerOrderCorrections : installerOrderTransitions,
    from,
    to,
  );
}

/** Whether the installer still works on the order: neither mounted nor cancelled. */
export const isOpenInstallerOrder = (status: string) =>
  (installerOrderTransitions[status as InstallerOrderStatus] ?? []).length > 0;

/** Whether the tires are mounted (the order is done; staff may undo it by mistake). */
export const isMounted = (status: string) => status === 'mounted';

/** Whether the order still waits for its appointment: a change of it schedules the order. */
export const awaitsAppointment = (status: string) => status === 'incoming';
