import { Badge } from '@mantine/core';
import * as discounts from '../../../../contract/discounts';
import * as pricing from '../../../../contract/pricing';
import { CrudPage } from '../../../features/admin/CrudPage';
import { dateTime, money, percent } from '../../../lib/format';
import { useOptions } from './admin-options';
import { MarkupForm } from './MarkupForm';

export function MarkupsPage() {
  const options = useOptions();
  return (
    <CrudPage<pricing.MarkupRule>
      config={{
        title: 'Pricing & markups',
        noun: 'Markup rule',
        entity: 'markup_rule',
        listKey: 'listMarkups',
        createKey: 'createMarkup',
        idOf: (r) => r.id,
        filters: [{ name: 'priceGroupId', label: 'Price group', options: options.priceGroups }],
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
            cell: (r) => (
              <Badge miw="max-content" variant="light" color={r.active ? 'green' : 'gray'}>
                {r.active ? 'active' : 'off'}
              </Badge>
            ),
            csv: (r) => r.active,
          },
          { id: 'updated', header: 'Updated', cell: (r) => dateTime(r.updatedAt), sortKey: 'updatedAt' },
        ],
        fields: [],
        form: ({ row, close }) => <MarkupForm row={row} close={close} priceGroups={options.priceGroups} />,
      }}
    />
  );
}

export function PriceGroupsPage() {
  return (
    <CrudPage<pricing.PriceGroupView>
      config={{
        title: 'Price groups',
        noun: 'Price group',
        entity: 'price_group',
        listKey: 'listPriceGroups',
        createKey: 'createPriceGroup',
        updateKey: 'updatePriceGroup',
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'code', header: 'Code', cell: (r) => r.code, sortKey: 'code' },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'locations', header: 'Locations', cell: (r) => r.locations },
          { id: 'rules', header: 'Markup rules', cell: (r) => r.rules },
        ],
        fields: [
          { name: 'code', label: 'Code', kind: 'text' },
          { name: 'name', label: 'Name', kind: 'text' },
        ],
        createSchema: pricing.PriceGroupInput,
        updateSchema: pricing.updatePriceGroup.body,
      }}
    />
  );
}

export function PricesPage() {
  const options = useOptions();
  return (
    <CrudPage<pricing.ProductPricing>
      config={{
        title: 'Sell prices',
        noun: 'Price',
        noHistory: true,
        entity: 'pricing',
        listKey: 'listPricing',
        idOf: (r) => r.productId * 1000 + r.priceGroupId,
        filters: [{ name: 'priceGroupId', label: 'Price group', options: options.priceGroups }],
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

export function DiscountsPage() {
  return (
    <CrudPage<discounts.Discount>
      config={{
        title: 'Discounts',
        noun: 'Discount',
        entity: 'discount',
        listKey: 'listDiscounts',
        createKey: 'createDiscount',
        updateKey: 'updateDiscount',
        deleteKey: 'deleteDiscount',
        idOf: (r) => r.id,
        filters: [
          { name: 'current', label: 'In force', options: [{ value: 'true', label: 'In force now' }] },
        ],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          {
            id: 'off',
            header: 'Off',
            cell: (r) => (r.basisPoints ? percent(r.basisPoints) : money(r.amountCents)),
          },
          {
            id: 'target',
            header: 'Applies to',
            cell: (r) =>
              [
                r.makeId && `make ${r.makeId}`,
                r.modelId && `model ${r.modelId}`,
                r.productId && `product ${r.productId}`,
                r.companyId && `company ${r.companyId}`,
              ]
                .filter(Boolean)
                .join(', ') || 'everything',
          },
          { id: 'starts', header: 'Starts', cell: (r) => dateTime(r.startsAt), sortKey: 'startsAt' },
          { id: 'ends', header: 'Ends', cell: (r) => dateTime(r.endsAt), sortKey: 'endsAt' },
          { id: 'active', header: 'Status', cell: (r) => (r.active ? 'active' : 'off') },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'startsAt', label: 'Starts', kind: 'datetime' },
          { name: 'endsAt', label: 'Ends', kind: 'datetime', nullable: true },
          {
            name: 'basisPoints',
            label: 'Percent off',
            kind: 'percent',
            description: 'Either a percent or an amount',
          },
          { name: 'amountCents', label: 'Amount off per tire', kind: 'money' },
          { name: 'makeId', label: 'Make', kind: 'picker', source: 'make', nullable: true },
          { name: 'modelId', label: 'Tire line', kind: 'picker', source: 'model', nullable: true },
          { name: 'productId', label: 'SKU', kind: 'picker', source: 'product', nullable: true },
          { name: 'companyId', label: 'Company', kind: 'picker', source: 'company', nullable: true },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: discounts.DiscountInput,
        updateSchema: discounts.updateDiscount.body,
      }}
    />
  );
}
