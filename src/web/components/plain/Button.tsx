import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Loader } from './Loader';
import css from './plain.module.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'filled' | 'subtle' | 'light' | 'default';
  /** Mantine's sizes: sm (the default), xs, and the compact ones (a lower button, less padding). */
  size?: 'sm' | 'xs' | 'compact-sm' | 'compact-xs';
  fullWidth?: boolean;
  /** Busy: a spinner over the label, and no second click. */
  loading?: boolean;
  /** An icon before the label. */
  leftSection?: ReactNode;
}

const variants = { filled: undefined, subtle: css.subtle, light: css.light, default: css.default };
const sizes = { sm: undefined, xs: css.xs, 'compact-sm': css.compactSm, 'compact-xs': css.compactXs };

/** Mantine's Button, without Mantine (plain.module.css). */
export function Button({
  variant = 'filled',
  size = 'sm',
  fullWidth,
  loading,
  leftSection,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: Props) {
  const classes = [css.button, variants[variant], sizes[size], fullWidth && css.fullWidth, className];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      {...rest}
    >
      {leftSection}
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
