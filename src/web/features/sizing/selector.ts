import type { Choice } from '../../../contract/sizing';

/** One dropdown of a chained selector (spec §3): enabled, loading, error, selected, values. */
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

/** Analytics (spec §4): category Sizing or Vehicle, action Select, a label per dropdown. */
export function trackSelect(category: 'Sizing' | 'Vehicle', label: string, value: string) {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event: 'select', category, action: 'Select', label, value });
}
