import { getCart } from '../../features/cart/cart.slice';
import { FleetPage } from '../../features/fleet/FleetPage';
import { UnitPage } from '../../features/fleet/UnitPage';
import { useAppDispatch } from '../../lib/store-hooks';

/** /fleet: the roster of the user's locations. */
export function FleetRosterPage() {
  return <FleetPage />;
}

/** /fleet/:id: a unit; its "Reorder the last set" changes the cart, whose count the header shows. */
export function FleetUnitPage() {
  const dispatch = useAppDispatch();
  return <UnitPage onCartChanged={() => dispatch(getCart())} />;
}
