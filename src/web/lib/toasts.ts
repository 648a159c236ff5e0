import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

let shown = false;
const listeners = new Set<() => void>();

/**
 * Shows a toast. The toasts are Mantine's notifications, but neither their store nor their
 * container is in a page's first load: the package comes with the first toast, and Layout then
 * draws the one container (ToastsWhenShown), so a page without Mantine shows toasts too
 * (docs/performance-web.md, "How the web app is delivered").
 */
export function showToast(toast: NotificationData): void {
  if (!shown) {
    shown = true;
    for (const listener of listeners) listener();
  }
  // The store keeps a toast until the container mounts and shows it.
  void import('./notifications').then(({ notifications }) => notifications.show(toast));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True from the first toast on: until then nothing of the toasts is loaded or drawn. */
export const useToastShown = (): boolean => useSyncExternalStore(subscribe, () => shown);
