import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
 * "Light shell") have the shop's colours too; this test keeps the two equal. The app is
 * light only (MantineRoot forces it), so the dark scheme's are left out.
 */
function themeVariables(): Pick<ConvertCSSVariablesInput, 'variables' | 'light'> {
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

/** theme.css's text for the variables of theme.ts. */
function expectedCss(): string {
  const { variables, light } = themeVariables();
  const block = (selector: string, vars: Record<string, string>) =>
    `${selector} {\n${Object.entries(vars)
      .map(([name, value]) => `  ${name}: ${value};`)
      .join('\n')}\n}\n`;
  return `${block(':root', variables)}\n${block(':root[data-mantine-color-scheme="light"]', light)}`;
}

describe('theme.css', () => {
  it("has theme.ts's CSS variables (replace everything after its comment with the expected text when theme.ts changes)", () => {
    const css = readFileSync(new URL('./theme.css', import.meta.url), 'utf8');
    expect(css.slice(css.indexOf('*/') + 3)).toBe(expectedCss());
  });
});
