// Set up once for every component test (vitest.config.ts, project "web"): the DOM matchers of
// jest-dom, a clean page and network after each test, and the browser parts happy-dom lacks that
// Mantine uses (docs/architecture.md, "Component tests").
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A desktop-wide window: no media query matches (usePhone is false, tables are drawn as tables).
const mediaQuery = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});
Object.defineProperty(window, 'matchMedia', { configurable: true, value: mediaQuery });

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: NoResizeObserver });
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosized Textarea sizes itself again when web fonts load.
if (!document.fonts)
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
