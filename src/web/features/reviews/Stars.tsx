import type { CSSProperties } from 'react';
import classes from './Stars.module.css';

/**
 * A rating out of 5 as five stars filled to its share (4.3 fills 86 %), for reading only: one
 * element, where Mantine's Rating draws an input and a label per tenth of a star (50 of each
 * with `fractions={10}`) in every result card. Hidden from assistive technology: the caller
 * names the rating in words.
 */
export function Stars({ value }: { value: number }) {
  const filled = `${(Math.max(0, Math.min(5, value)) / 5) * 100}%`;
  return (
    <span className={classes.stars} style={{ '--filled': filled } as CSSProperties} aria-hidden="true">
      ★★★★★
    </span>
  );
}
