import type { ReactNode } from 'react';

/**
 * An outline icon in Tabler's drawing (24-unit box, 2-unit round strokes in the text colour),
 * inline: the light pages take no icon package. Decorative: the control around it is named.
 */
export function StrokeIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
