import * as companies from '../../../contract/companies';
import { api } from '../../api/api';
import { createMutation, listQuery, oneQuery, updateMutation } from '../../api/crud';
import type { Picker } from '../../components/EntityPicker';

// A company's name shows in the lists of locations, users, suppliers and warehouses.
const company = { tag: 'Company', also: ['Location', 'User', 'Supplier', 'Warehouse'] } as const;
// A location counts in its price group.
const location = { tag: 'Location', also: ['PriceGroup'] } as const;

export const companiesApi = api.injectEndpoints({
  endpoints: (b) => ({
    listCompanies: listQuery(b, companies.listCompanies, 'Company', (r) => r.id),
    getCompany: oneQuery(b, companies.getCompany, 'Company'),
    createCompany: createMutation(b, companies.createCompany, company),
    updateCompany: updateMutation(b, companies.updateCompany, company),
    listLocations: listQuery(b, companies.listLocations, 'Location', (r) => r.locationId),
    getLocation: oneQuery(b, companies.getLocation, 'Location'),
    createLocation: createMutation(b, companies.createLocation, location),
    updateLocation: updateMutation(b, companies.updateLocation, location),
  }),
});

const { listCompanies, getCompany } = companiesApi.endpoints;

export const companyPicker: Picker<companies.Company> = {
  list: listCompanies,
  one: getCompany,
  id: (r) => r.id,
  label: (r) => r.name,
  noun: 'companies',
};

/** Supplier companies through the companies list, which every staff role may read. */
export const supplierCompanyPicker: Picker<companies.Company> = {
  ...companyPicker,
  filter: { kind: 'supplier' },
  noun: 'supplier companies',
};

const { listLocations, getLocation } = companiesApi.endpoints;

/** Locations through the staff list; narrow to a company with `filter: { companyId }`. */
export const locationPicker: Picker<companies.AdminLocation> = {
  list: listLocations,
  one: getLocation,
  id: (r) => r.locationId,
  label: (r) => `${r.locationName} · ${r.locationZip}`,
  noun: 'locations',
};
