import { useAdminQuery } from '../../../features/admin/admin.api';
import type { Option } from '../../../features/admin/admin-fields';

/**
 * Short fixed choices the forms share: price groups, and companies for the one multi-select
 * left (customer groups; it offers the first 100 by name). Single records of long lists use
 * EntityPicker.
 */
export function useOptions() {
  const groups = useAdminQuery('listPriceGroups', { query: { pageSize: 100 } });
  const companies = useAdminQuery('listCompanies', { query: { pageSize: 100, sort: 'name' } });
  const priceGroups: Option[] = (groups.data?.data.list ?? []).map((g) => ({
    value: String(g.id),
    label: g.name,
  }));
  const companyList = companies.data?.data.list ?? [];
  return {
    priceGroups,
    companies: companyList.map((c) => ({ value: String(c.id), label: c.name })),
    groupName: (id: number | null) => priceGroups.find((g) => g.value === String(id))?.label ?? '—',
  };
}
