import './mantine-base.css';
import { MantineProvider } from '@mantine/core';
import { createContext, lazy, type ReactNode, Suspense, use } from 'react';
import { afterOpeningPage } from './opening-content';
import { theme } from './theme';

// The toasts' container, and its styles, come after the opening page's content
// (notifications.show() calls made before it mounts are kept and shown then).
const Notifications = lazy(
  afterOpeningPage(async () => ({ default: (await import('./Toasts')).Notifications })),
);

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
      {toasts && (
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
      )}
      <InMantine value={true}>{children}</InMantine>
    </MantineProvider>
  );
}
