import '@mantine/core/styles/Combobox.layer.css';
import { Select } from '@mantine/core';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useCartUnitsQuery, useSetCartLineUnitMutation, useUnitsQuery } from './fleet.api';

/**
 * "For unit" of one cart line: any unit of the roster the user sees, or none. Shown only when the
 * user has a roster (a shop without fleets sees nothing more in the cart).
 */
export function CartLineUnit({ orderItemId }: { orderItemId: number }) {
  const units = useUnitsQuery({ pageSize: 100 });
  // Lines added for a unit from the results page (not through this api) show at once.
  const named = useCartUnitsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setUnit, { isLoading }] = useMutationWithToast(useSetCartLineUnitMutation());
  const list = units.data?.list ?? [];
  const current = named.data?.find((l) => l.orderItemId === orderItemId);
  if (!list.length && !current) return null;
  const data = list.map((u) => ({
    value: String(u.id),
    label: `#${u.unitNumber} · ${u.year} ${u.make} ${u.model}`,
  }));
  if (current && !data.some((d) => d.value === String(current.unitId)))
    data.push({ value: String(current.unitId), label: `#${current.unitNumber}` });
  return (
    <Select
      size="xs"
      mt={4}
      maw={260}
      aria-label="For unit"
      placeholder="For unit…"
      searchable
      clearable
      disabled={isLoading}
      data={data}
      value={current ? String(current.unitId) : null}
      onChange={(v) =>
        setUnit(
          { orderItemId, unitId: v ? Number(v) : null },
          {
            success: v
              ? `The line is for unit ${data.find((d) => d.value === v)?.label.split(' · ')[0]}`
              : 'The line names no unit',
          },
        )
      }
    />
  );
}
