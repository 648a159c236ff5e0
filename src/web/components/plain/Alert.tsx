import type { ReactNode } from 'react';
import css from './plain.module.css';

/** Mantine's red light Alert, without Mantine: a title (optional) above the message. */
export function Alert({ title, children, role }: { title?: string; children: ReactNode; role?: 'alert' }) {
  return (
    <div className={css.alert} role={role}>
      {title && <strong className={css.alertTitle}>{title}</strong>}
      {children}
    </div>
  );
}
