import { type ReactNode, useEffect } from 'react';
import css from './PageTitle.module.css';

/** The page's heading, also written to the browser tab; plain (the light shell's pages use it too). */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Tread`;
  }, [title]);
  return (
    <div className={css.row}>
      <h1 className={css.title}>{title}</h1>
      {children}
    </div>
  );
}
