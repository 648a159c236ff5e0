import css from './ShopResults.module.css';

/** A removable chip (an applied filter, a part of a text search), in the look of Mantine's Badge. */
export function Chip({
  label,
  onRemove,
  outline,
}: {
  label: string;
  onRemove(): void;
  /** Outlined: how the free text was read, beside the filled chips of the filters. */
  outline?: boolean;
}) {
  return (
    <span className={outline ? `${css.chip} ${css.outline}` : css.chip}>
      {label}
      <button type="button" className={css.remove} aria-label={`Remove ${label}`} onClick={onRemove}>
        <svg width="12" height="12" viewBox="0 0 15 15" aria-hidden="true">
          <path
            fill="currentColor"
            d="M11.78 4.28a.75.75 0 0 0-1.06-1.06L7.5 6.44 4.28 3.22a.75.75 0 0 0-1.06 1.06L6.44 7.5l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.56l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.5l3.22-3.22Z"
          />
        </svg>
      </button>
    </span>
  );
}
