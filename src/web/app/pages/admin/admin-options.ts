import { useAdminQuery } from '../../../features/admin/admin.api';
import type { Option } from '../../../features/admin/admin-fields';

/**
 * Short fixed choices the forms share: the price groups. Records of long lists are searched on
 * the server with EntityPicker and EntityMultiPicker.
 */
export function useOptions() {
  const groups = useAdminQuery('listPriceGroups', { query: { pageSize: 100 } });
  const priceGroups: Option[] = (groups.data?.data.list ?? []).map((g) => ({
    value: String(g.id),
    label: g.name,
  }));
  return {
    priceGroups,
    groupName: (id: number | null) => priceGroups.find((g) => g.value === String(id))?.label ?? '—',
  };
}
