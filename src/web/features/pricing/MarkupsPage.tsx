import { ActiveBadge } from '../../components/ActiveBadge';
import { CrudPage } from '../../components/CrudPage';
import { useChoices } from '../../components/EntityPicker';
import { dateTime, money, percent } from '../../lib/format';
import { MarkupForm, type MarkupPickers } from './MarkupForm';
import { priceGroupPicker, pricingApi } from './pricing.api';

const { listMarkups, createMarkup } = pricingApi.endpoints;

/** /admin/markups: the rules that turn cost into each price group's sell price. */
export function MarkupsPage({ pickers }: { pickers: MarkupPickers }) {
  const priceGroups = useChoices(priceGroupPicker);
  return (
    <CrudPage
      config={{
        title: 'Pricing & markups',
        noun: 'Markup rule',
        entity: 'markup_rule',
        list: listMarkups,
        create: createMarkup,
        idOf: (r) => r.id,
        filters: [{ name: 'priceGroupId', label: 'Price group', options: priceGroups.options }],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'group', header: 'Price group', cell: (r) => r.priceGroupName, sortKey: 'priceGroupName' },
          { id: 'make', header: 'Make', cell: (r) => r.makeName ?? 'any', sortKey: 'makeName' },
          { id: 'category', header: 'Category', cell: (r) => r.categoryName ?? 'any' },
          {
            id: 'band',
            header: 'Cost band',
            cell: (r) =>
              r.minCostCents === null && r.maxCostCents === null
                ? 'any'
                : `${money(r.minCostCents)} – ${money(r.maxCostCents)}`,
          },
          {
            id: 'markup',
            header: 'Markup',
            cell: (r) => percent(r.basisPoints),
            sortKey: 'basisPoints',
            csv: (r) => r.basisPoints,
          },
          { id: 'fixed', header: 'Fixed', cell: (r) => money(r.fixedCents), csv: (r) => r.fixedCents },
          {
            id: 'active',
            header: 'Status',
            cell: (r) => <ActiveBadge active={r.active} off="off" />,
            csv: (r) => r.active,
          },
          { id: 'updated', header: 'Updated', cell: (r) => dateTime(r.updatedAt), sortKey: 'updatedAt' },
        ],
        fields: [],
        form: ({ row, close }) => (
          <MarkupForm row={row} close={close} priceGroups={priceGroups.options} pickers={pickers} />
        ),
      }}
    />
  );
}
