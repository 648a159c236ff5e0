import css from './plain.module.css';

/** A spinner; with a label, a status for screen readers ("Loading the page"). */
export function Loader({ label, small }: { label?: string; small?: boolean }) {
  const className = small ? `${css.loader} ${css.loaderSmall}` : css.loader;
  return label ? (
    <span className={className} role="status" aria-label={label} />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}
