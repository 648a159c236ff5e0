import { CrudPage } from '../../components/CrudPage';
import { useChoices } from '../../components/EntityPicker';
import { money } from '../../lib/format';
import { priceGroupPicker, pricingApi } from './pricing.api';

const { listPricing } = pricingApi.endpoints;

/** /admin/prices: what each price group pays for each stocked SKU, as the markups computed it. */
export function PricesPage() {
  const priceGroups = useChoices(priceGroupPicker);
  return (
    <CrudPage
      config={{
        title: 'Sell prices',
        noun: 'Price',
        noHistory: true,
        entity: 'pricing',
        list: listPricing,
        idOf: (r) => r.productId * 1000 + r.priceGroupId,
        filters: [{ name: 'priceGroupId', label: 'Price group', options: priceGroups.options }],
        columns: [
          { id: 'sku', header: 'SKU', cell: (r) => r.skuCode, sortKey: 'skuCode' },
          { id: 'tire', header: 'Tire', cell: (r) => `${r.makeName} ${r.modelName} ${r.size}` },
          { id: 'group', header: 'Price group', cell: (r) => r.priceGroupName },
          {
            id: 'cost',
            header: 'Cost',
            cell: (r) => money(r.costCents),
            sortKey: 'costCents',
            csv: (r) => r.costCents,
          },
          {
            id: 'price',
            header: 'Price',
            cell: (r) => money(r.priceCents),
            sortKey: 'priceCents',
            csv: (r) => r.priceCents,
          },
          { id: 'available', header: 'Available', cell: (r) => r.available, sortKey: 'available' },
        ],
        fields: [],
        emptyText: 'No priced products yet: prices appear once warehouses stock products.',
      }}
    />
  );
}
