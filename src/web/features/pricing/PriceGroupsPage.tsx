import * as pricing from '../../../contract/pricing';
import { CrudPage } from '../../components/CrudPage';
import { pricingApi } from './pricing.api';

const { listPriceGroups, createPriceGroup, updatePriceGroup } = pricingApi.endpoints;

/** /admin/price-groups: the groups a location buys at (retail, fleet, wholesale…). */
export function PriceGroupsPage() {
  return (
    <CrudPage
      config={{
        title: 'Price groups',
        noun: 'Price group',
        entity: 'price_group',
        list: listPriceGroups,
        create: createPriceGroup,
        update: updatePriceGroup,
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
