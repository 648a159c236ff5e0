import { useState } from 'react';
import type * as fleet from '../../../contract/fleet';
import type { Cart } from '../../../contract/order-shapes';
import { call } from '../../api/client';
import { fleetRoutes } from '../../api/routes';
import { Button } from '../../components/plain/Button';
import plain from '../../components/plain/plain.module.css';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import css from './AddForUnit.module.css';

interface Tire {
  makeId: number;
  modelId: number;
  productId: number;
  skuCode: string;
  priceCents: number | null;
  available: number;
}

const quantityOf = (text: string, available: number) =>
  Math.min(Math.max(1, available), Math.max(1, Number.parseInt(text, 10) || 1));

function Quantity({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  return (
    <label className={css.field}>
      {label}
      <input
        aria-label={label}
        inputMode="numeric"
        className={`${plain.input} ${css.quantity}`}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 3))}
        disabled={disabled}
      />
    </label>
  );
}

/**
 * A result card's buying controls while the search is for a unit (/shop?…&unit=id): the tires go
 * into the cart as lines that name the unit. A staggered pair (the card's rear tire) is added as
 * its front and rear lines, two of each unless changed. Plain, as the results page is.
 */
export function AddForUnit({
  item,
  unitId,
  onAdded,
}: {
  item: Tire & { rear: Tire | null };
  unitId: number;
  onAdded?: (cart: Cart) => void;
}) {
  const rear = item.rear;
  const [front, setFront] = useState(rear ? '2' : '4');
  const [back, setBack] = useState('2');
  const [busy, setBusy] = useState(false);
  const soldOut =
    item.available <= 0 ||
    item.priceCents === null ||
    (rear !== null && (rear.available <= 0 || rear.priceCents === null));
  const line = (t: Tire, q: string): fleet.UnitCartLineInput => ({
    orderItemMakeId: t.makeId,
    orderItemModelId: t.modelId,
    orderItemProductId: t.productId,
    orderItemQuantity: quantityOf(q, t.available),
  });
  const add = async () => {
    const lines = rear ? [line(item, front), line(rear, back)] : [line(item, front)];
    setBusy(true);
    const outcome = await toastOutcome(
      call(fleetRoutes.addUnitToCart, { params: { id: unitId }, body: { lines } }),
      {
        success: `Added ${lines.map((l, i) => `${l.orderItemQuantity} × ${i ? rear?.skuCode : item.skuCode}`).join(' and ')} for the unit`,
        failure: (problem) => problem.message ?? 'Could not add to the cart',
      },
    );
    setBusy(false);
    if (outcome.ok) onAdded?.(outcome.data);
  };
  return (
    <div className={css.buy}>
      <div className={css.row}>
        <Quantity
          label={rear ? 'Front' : `Quantity of ${item.skuCode}`}
          value={front}
          onChange={setFront}
          disabled={soldOut}
        />
        {rear && <Quantity label="Rear" value={back} onChange={setBack} disabled={soldOut} />}
        <Button onClick={add} loading={busy} disabled={soldOut}>
          {soldOut ? 'Sold out' : 'Add for unit'}
        </Button>
      </div>
    </div>
  );
}
