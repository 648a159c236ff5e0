import {
  type ConvertCSSVariablesInput,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariables, theme } from './theme';

/**
 * The CSS variables in which our theme differs from Mantine's defaults (those come with its
 * default-css-variables.css), as MantineProvider would write them into the page. theme.css has
 * them as a static file, so that the pages drawn before Mantine loads (docs/performance-web.md,
 * "Light shell") have the shop's colours too; theme.test.ts keeps the two equal. The app is
 * light only (MantineRoot forces it), so the dark scheme's are left out.
 */
export function themeVariables(): Pick<ConvertCSSVariablesInput, 'variables' | 'light'> {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = defaultCssVariablesResolver(merged);
  const extra = cssVariables(merged);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (part: 'variables' | 'light') =>
    Object.fromEntries(
      Object.entries({ ...ours[part], ...extra[part] }).filter(
        ([name, value]) => (defaults[part] as Record<string, string>)[name] !== value,
      ),
    );
  return { variables: changed('variables'), light: changed('light') };
}
