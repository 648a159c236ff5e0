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
 * The analytics event of a choice: action Select, a label per dropdown; category Sizing for the
 * size chain and Sizing/Vehicle for the vehicle chain (spec: "Sizing/Vehicle", Year|Make|Model|Option).
 */
export function trackSelect(category: 'Sizing' | 'Sizing/Vehicle', label: string, value: string) {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event: 'select', category, action: 'Select', label, value });
}
