import type { ButtonHTMLAttributes } from 'react';
import { Loader } from './Loader';
import css from './plain.module.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'filled' | 'subtle';
  fullWidth?: boolean;
  /** Busy: a spinner over the label, and no second click. */
  loading?: boolean;
}

/** Mantine's Button (filled or subtle, size sm), without Mantine (plain.module.css). */
export function Button({
  variant = 'filled',
  fullWidth,
  loading,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: Props) {
  const classes = [css.button, variant === 'subtle' && css.subtle, fullWidth && css.fullWidth, className];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      {...rest}
    >
      {/* While busy the label stays (transparent: the button keeps its size and its name). */}
      <span className={loading ? css.hiddenLabel : undefined}>{children}</span>
      {loading && (
        <span className={css.busy}>
          <Loader small />
        </span>
      )}
    </button>
  );
}
