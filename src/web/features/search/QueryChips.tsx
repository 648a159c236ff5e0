import { useAppSelector } from '../../lib/store-hooks';
import { Chip } from './Chip';
import type { FilterChange } from './shop-filters';
import css from './ShopResults.module.css';

/**
 * How the search read the free text, one chip per part (size, brand, category…), each removable
 * on its own: removing one searches the text without its words, so the URL keeps a typed query.
 */
export function QueryChips({ onChange }: { onChange(change: FilterChange): void }) {
  const parts = useAppSelector((s) => s.shop.applied.interpreted?.parts ?? []);
  if (!parts.length) return null;
  return (
    <div className={css.chips}>
      <span className={css.chipsLabel}>Searching for</span>
      <ul className={css.chips} aria-label="Search understood as">
        {parts.map((p) => (
          <li key={`${p.kind}:${p.text}`}>
            <Chip label={p.label} outline onRemove={() => onChange({ type: 'query', query: p.query })} />
          </li>
        ))}
      </ul>
    </div>
  );
}
