import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeVariables } from './theme-variables';

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
