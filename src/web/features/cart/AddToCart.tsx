import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { Button } from '../../components/plain/Button';
import plain from '../../components/plain/plain.module.css';
import css from './AddToCart.module.css';
import { postCart, postCartSet } from './cart.slice';
import { money } from '../../lib/format';
import { LandedNote, type NotedTire } from './LandedNote';

interface Purchasable extends NotedTire {
  makeId: number;
  modelId: number;
  productId: number;
  skuCode: string;
  priceCents: number | null;
  available: number;
}

/** What the quantity field holds as a quantity: a whole number from 1 to what is available. */
export const clampQuantity = (text: string, available: number) =>
  Math.min(Math.max(1, available), Math.max(1, Number.parseInt(text, 10) || 1));

/**
 * Quantity and an Add to cart button for a search result (rendered in its actions slot), under
 * the tire's out-the-door figure for that quantity or its excise tax (LandedNote), drawn plain:
 * it is in every result card, and the results page has no Mantine (docs/performance-web.md,
 * "Light shell").
 */
export function AddToCart({ item }: { item: Purchasable & { rear?: Purchasable | null } }) {
  if (item.rear) return <AddSetToCart item={item} rear={item.rear} />;
  return <AddOne item={item} />;
}

function AddOne({ item }: { item: Purchasable }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.cart.loading);
  const [quantity, setQuantity] = useState(String(Math.min(4, Math.max(1, item.available))));
  const soldOut = item.available <= 0 || item.priceCents === null;
  const add = async () => {
    const count = clampQuantity(quantity, item.available);
    await toastOutcome(
      dispatch(
        postCart({
          orderItemMakeId: item.makeId,
          orderItemModelId: item.modelId,
          orderItemProductId: item.productId,
          orderItemQuantity: count,
        }),
      ),
      {
        success: `Added ${count} × ${item.skuCode} to the cart`,
        failure: (problem) => problem.message ?? 'Could not add to the cart',
      },
    );
  };
  return (
    <div className={css.buy}>
      <LandedNote tire={item} quantity={clampQuantity(quantity, item.available)} />
      <div className={css.row}>
        {/* A text field for digits, not a number input: NumberInput's formatting ran in every card
          of the results page (docs/performance-web.md, "Seventh round"). Kept between 1 and what
          is available when it loses focus. */}
        <input
          aria-label={`Quantity of ${item.skuCode}`}
          inputMode="numeric"
          className={`${plain.input} ${css.quantity}`}
          value={quantity}
          onChange={(e) => setQuantity(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          onBlur={() => setQuantity(String(clampQuantity(quantity, item.available)))}
          disabled={soldOut}
        />
        <Button onClick={add} loading={busy} disabled={soldOut}>
          {soldOut ? 'Sold out' : 'Add to cart'}
        </Button>
      </div>
    </div>
  );
}

/** A labelled quantity of one half of a set (digits only, kept between 1 and what is available). */
function HalfQuantity({
  label,
  tire,
  value,
  onChange,
  disabled,
}: {
  label: string;
  tire: Purchasable;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  return (
    <label className={css.field}>
      {label}
      <input
        aria-label={`${label} quantity of ${tire.skuCode}`}
        inputMode="numeric"
        className={`${plain.input} ${css.half}`}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 3))}
        onBlur={() => onChange(String(clampQuantity(value, tire.available)))}
        disabled={disabled}
      />
    </label>
  );
}

/**
 * A staggered pair (the result's rear tire): its front and rear go into the cart as one set,
 * two of each unless changed (docs/fleet.md, "Staggered sets"). Plain, as AddToCart is.
 */
function AddSetToCart({ item, rear }: { item: Purchasable; rear: Purchasable }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.cart.loading);
  const [front, setFront] = useState('2');
  const [back, setBack] = useState('2');
  const soldOut =
    item.available <= 0 || item.priceCents === null || rear.available <= 0 || rear.priceCents === null;
  const f = clampQuantity(front, item.available);
  const r = clampQuantity(back, rear.available);
  const half = (t: Purchasable, quantity: number) => ({
    orderItemMakeId: t.makeId,
    orderItemModelId: t.modelId,
    orderItemProductId: t.productId,
    orderItemQuantity: quantity,
  });
  const add = () =>
    toastOutcome(dispatch(postCartSet({ front: half(item, f), rear: half(rear, r) })), {
      success: `Added the set: ${f} × ${item.skuCode} front and ${r} × ${rear.skuCode} rear`,
      failure: (problem) => problem.message ?? 'Could not add the set to the cart',
    });
  const total = (item.priceCents ?? 0) * f + (rear.priceCents ?? 0) * r;
  return (
    <div className={css.buy} data-testid="add-set">
      {!soldOut && (
        <p className={css.note}>
          <span>
            Set of {f + r}: <b>{money(total)}</b>
          </span>
        </p>
      )}
      <div className={css.row}>
        <HalfQuantity label="Front" tire={item} value={front} onChange={setFront} disabled={soldOut} />
        <HalfQuantity label="Rear" tire={rear} value={back} onChange={setBack} disabled={soldOut} />
        <Button onClick={add} loading={busy} disabled={soldOut}>
          {soldOut ? 'Sold out' : 'Add set'}
        </Button>
      </div>
    </div>
  );
}
