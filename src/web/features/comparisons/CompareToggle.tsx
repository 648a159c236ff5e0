import { CheckboxField } from '../../components/plain/fields';
import { MAX_COMPARED } from '../../../domain/comparisons';
import { showToast } from '../../lib/toasts';
import { toggleTicked, useTicked } from './compare-tray';

/** "Compare" on a result card: up to four tires. Plain: it is in every result card. */
export function CompareToggle({ productId }: { productId: number }) {
  const ticked = useTicked();
  const on = ticked.includes(productId);
  return (
    <CheckboxField
      label="Compare"
      checked={on}
      disabled={!on && ticked.length >= MAX_COMPARED}
      onChange={() => {
        if (!toggleTicked(productId))
          showToast({ color: 'yellow', message: `Compare at most ${MAX_COMPARED} tires` });
      }}
    />
  );
}
