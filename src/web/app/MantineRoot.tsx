import './mantine-base.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * Mantine's provider for what is drawn with Mantine: every page but the light ones, and the
 * header's and home page's Mantine parts (lazy-pages.tsx, withMantine). It comes with their
 * chunks, never in the first load of /login and / (docs/performance-web.md, "Light shell").
 * The theme's CSS variables are static (theme.css), so providers write none; the app is light.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
      {children}
    </MantineProvider>
  );
}
