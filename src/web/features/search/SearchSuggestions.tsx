import { Link } from 'react-router';
import { Alert } from '../../components/plain/Alert';
import { applyFilter, type ShopFilters, shopUrl } from './shop-filters';
import type { ShopState } from './shop.slice';
import { grouped } from '../../lib/format';
import css from './ShopResults.module.css';

type Suggestion = ShopState['suggestions'][number];

const kindText = { size: 'Nearby size', drop: 'Fewer words', spelling: 'Spelling' } as const;

/**
 * No dead ends: when nothing is found (ShopResults shows this in place of the plain empty
 * notice), what to search instead, as links with their counts.
 */
export function SearchSuggestions({
  filters,
  suggestions,
}: {
  filters: ShopFilters;
  suggestions: Suggestion[];
}) {
  const urlOf = (s: Suggestion) => {
    const texted = applyFilter(filters, { type: 'query', query: s.query });
    // A size suggestion goes through the 'sizes' filter type: width, ratio and rim together.
    const sized =
      s.kind === 'size'
        ? applyFilter(texted, {
            type: 'sizes',
            width: String(s.width),
            ratio: String(s.ratio),
            rim: String(s.rim),
          })
        : texted;
    return shopUrl(sized);
  };
  return (
    <Alert color="blue" title="No tires match — try one of these" role="alert">
      <ul className={css.suggestions} aria-label="Suggestions">
        {suggestions.map((s) => (
          <li key={`${s.kind}:${s.label}`}>
            <span className={css.dimmed}>{kindText[s.kind]}: </span>
            <Link to={urlOf(s)} className={css.link}>
              {s.label}
            </Link>{' '}
            <span className={css.dimmed}>
              ({grouped(s.count)} {s.count === 1 ? 'tire' : 'tires'})
            </span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
