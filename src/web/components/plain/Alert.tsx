import type { ReactNode } from 'react';
import css from './plain.module.css';

const colors = { red: undefined, gray: css.alertGray, blue: css.alertBlue };

/** Mantine's light Alert (red, gray or blue), without Mantine: a title (optional) above the message. */
export function Alert({
  title,
  children,
  role,
  color = 'red',
}: {
  title?: string;
  children: ReactNode;
  role?: 'alert';
  color?: keyof typeof colors;
}) {
  return (
    <div className={[css.alert, colors[color]].filter(Boolean).join(' ')} role={role}>
      {title && <strong className={css.alertTitle}>{title}</strong>}
      {children}
    </div>
  );
}
