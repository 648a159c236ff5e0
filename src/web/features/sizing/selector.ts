import type { Choice } from '../../../contract/sizing';

/** One dropdown of a chained selector, in its fixed shape: enabled, loading, error, selected, values. */
export interface Selector {
  enabled: boolean;
  loading: boolean;
  error: string | null;
  selected: string | null;
  values: Choice[];
}

export const emptySelector = (enabled = false): Selector => ({
  enabled,
  loading: false,
  error: null,
  selected: null,
  values: [],
});

/**
 * The first list of a chain (widths, years): it loads as soon as the search panel shows, so it
 * starts out loading and the load's start changes nothing (no render of its own).
 */
export const firstSelector = (): Selector => ({ ...emptySelector(true), loading: true });

// A load's steps, on the slice's draft. Written field by field: a step that changes nothing
// leaves the state as it was, and nothing renders again.
export function loadStarted(s: Selector): void {
  s.loading = true;
  s.error = null;
}
export function loaded(s: Selector, values: Choice[]): void {
  s.loading = false;
  s.enabled = true;
  s.values = values;
}
export function loadFailed(s: Selector, message: string): void {
  s.loading = false;
  s.error = message;
}

/**
 * The analytics event of a choice: action Select, a label per dropdown; category Sizing for the
 * size chain and Sizing/Vehicle for the vehicle chain (spec: "Sizing/Vehicle", Year|Make|Model|Option).
 */
export function trackSelect(category: 'Sizing' | 'Sizing/Vehicle', label: string, value: string) {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event: 'select', category, action: 'Select', label, value });
}
