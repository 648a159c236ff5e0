import './mantine-base.css';
import { MantineProvider } from '@mantine/core';
import { createContext, type ReactNode, use } from 'react';
import { theme } from './theme';

/** Inside a MantineRoot already (a page of the supplier area is inside the area's page). */
const InMantine = createContext(false);

/**
 * Mantine's provider for what is drawn with Mantine: the pages not drawn plain, and the Mantine
 * parts of plain ones (lib/with-mantine.tsx). It comes with their chunks, never in the first load of
 * /login, / and /shop (docs/performance-web.md, "Light shell"). The theme's CSS variables are
 * static (theme.css), so providers write none; the app is light. Inside another MantineRoot (a
 * page within a page) it adds nothing: one provider.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  if (use(InMantine)) return children;
  return (
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
      <InMantine value={true}>{children}</InMantine>
    </MantineProvider>
  );
}
