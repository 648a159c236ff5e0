import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import css from './plain.module.css';

export interface Tab<V extends string> {
  value: V;
  label: string;
  /** Called when the tab is pointed at or focused (e.g. to start loading its panel's code). */
  onIntent?(): void;
}

/**
 * Mantine's Tabs (default variant), without Mantine: WAI-ARIA tabs with automatic activation,
 * arrows, Home and End moving between them; only the open panel is rendered.
 */
export function Tabs<V extends string>({
  tabs,
  value,
  onChange,
  children,
}: {
  tabs: Tab<V>[];
  value: V;
  onChange(value: V): void;
  /** The open tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent) => {
    const at = tabs.findIndex((t) => t.value === value);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + tabs.length) % tabs.length;
    onChange(tabs[next].value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <>
      <div role="tablist" className={css.tabList} ref={list} onKeyDown={move}>
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`${id}-tab-${t.value}`}
            aria-selected={t.value === value}
            aria-controls={`${id}-panel-${t.value}`}
            tabIndex={t.value === value ? 0 : -1}
            className={css.tab}
            onClick={() => onChange(t.value)}
            onPointerEnter={t.onIntent}
            onFocus={t.onIntent}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${value}`} aria-labelledby={`${id}-tab-${value}`}>
        {children}
      </div>
    </>
  );
}
