import './mantine-base.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { createContext, lazy, type ReactNode, Suspense, use, useEffect, useState } from 'react';
import { theme } from './theme';

// The toasts' container, and its styles, come with the first toast (notifications.show() keeps
// what it is given until the container mounts and shows it).
const Notifications = lazy(async () => ({ default: (await import('./Toasts')).Notifications }));

const anyToast = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/** True from the first toast on: until then no page loads or draws the toasts' container. */
function useToastShown(): boolean {
  const [shown, setShown] = useState(anyToast);
  useEffect(() => {
    if (shown) return;
    const stop = notificationsStore.subscribe(() => {
      if (anyToast()) setShown(true);
    });
    return () => {
      stop();
    };
  }, [shown]);
  return shown;
}

/** The toasts' container, once there is a toast. */
function ToastsWhenShown() {
  if (!useToastShown()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

/** Inside a MantineRoot already (a page of the supplier area is inside the area's page). */
const InMantine = createContext(false);

/**
 * Mantine's provider for what is drawn with Mantine: every page but the light ones, and the
 * Mantine parts of light ones (with-mantine.tsx). It comes with their chunks, never in the first
 * load of /login and / (docs/performance-web.md, "Light shell"). The theme's CSS variables are
 * static (theme.css), so providers write none; the app is light. A page's provider (`toasts`)
 * holds the toasts' container: only pages show toasts, and one page shows at a time. Inside
 * another MantineRoot (a page within a page) it adds nothing: one provider, one container.
 */
export function MantineRoot({ children, toasts = false }: { children: ReactNode; toasts?: boolean }) {
  if (use(InMantine)) return children;
  return (
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
      {toasts && <ToastsWhenShown />}
      <InMantine value={true}>{children}</InMantine>
    </MantineProvider>
  );
}
