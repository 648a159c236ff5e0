import * as companies from '../../../contract/companies';
import { can } from '../../../domain/roles';
import { useAppSelector } from '../../lib/store-hooks';
import { CrudPage } from '../../components/CrudPage';
import { type Picker, useChoices } from '../../components/EntityPicker';
import { companiesApi, companyPicker, supplierCompanyPicker } from './companies.api';

const { listLocations, createLocation, updateLocation } = companiesApi.endpoints;

const supplierField = {
  name: 'locationSupplierId',
  label: 'Supplier company',
  description: 'The supplier this location works for; leave empty for a location that does not supply.',
  kind: 'picker',
  source: supplierCompanyPicker,
  nullable: true,
  noneValue: 0,
} as const;

/** /admin/locations: the yards and shops of the companies, each priced by a price group. */
export function LocationsPage({ pickers }: { pickers: { priceGroup: Picker } }) {
  const priceGroups = useChoices(pickers.priceGroup);
  // A location's supplier and price group are finance's (the server refuses them to sales too):
  // sales picks the price group of a new location only, where the server allows the standard one.
  const role = useAppSelector((s) => s.session.user?.role);
  const moneySettings = role !== undefined && can(role, 'moneySettings');
  return (
    <CrudPage
      config={{
        title: 'Locations',
        noun: 'Location',
        entity: 'location',
        list: listLocations,
        create: createLocation,
        update: updateLocation,
        idOf: (r) => r.locationId,
        filters: [{ name: 'companyId', label: 'Company', source: companyPicker }],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.locationId },
          { id: 'name', header: 'Name', cell: (r) => r.locationName, sortKey: 'locationName' },
          { id: 'company', header: 'Company', cell: (r) => r.companyName, sortKey: 'companyName' },
          { id: 'city', header: 'City', cell: (r) => `${r.locationCity} ${r.locationState}`.trim() },
          { id: 'zip', header: 'ZIP', cell: (r) => r.locationZip, sortKey: 'locationZip' },
          {
            id: 'group',
            header: 'Price group',
            cell: (r) => priceGroups.nameOf(r.locationGroupPricing),
            csv: (r) => r.locationGroupPricing,
          },
          { id: 'supplier', header: 'Supplier company id', cell: (r) => r.locationSupplierId || '—' },
          { id: 'installer', header: 'Installer', cell: (r) => r.locationInstaller },
        ],
        fields: [
          { name: 'companyId', label: 'Company', kind: 'picker', source: companyPicker, createOnly: true },
          { name: 'locationName', label: 'Name', kind: 'text' },
          { name: 'locationAddress', label: 'Address', kind: 'text' },
          { name: 'locationCity', label: 'City', kind: 'text' },
          { name: 'locationState', label: 'State', kind: 'text' },
          { name: 'locationZip', label: 'ZIP', kind: 'text' },
          { name: 'locationPhone', label: 'Phone', kind: 'text' },
          {
            name: 'locationGroupPricing',
            label: 'Price group',
            kind: 'select',
            options: priceGroups.options,
            createOnly: !moneySettings,
          },
          ...(moneySettings ? [supplierField] : []),
          { name: 'locationInstaller', label: 'Installer (above 0 = installs)', kind: 'number' },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: companies.LocationInput,
        updateSchema: companies.updateLocation.body,
      }}
    />
  );
}
