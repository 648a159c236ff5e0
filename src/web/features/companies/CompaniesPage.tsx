import * as companies from '../../../contract/companies';
import { ActiveBadge } from '../../components/ActiveBadge';
import { CrudPage } from '../../components/CrudPage';
import { distributorAutoSendLabels, distributorAutoSendModes } from '../../../domain/distributor-auto-send';
import { can } from '../../../domain/roles';
import { useAppSelector } from '../../lib/store-hooks';
import { money } from '../../lib/format';
import { companiesApi } from './companies.api';

const kindOptions = companies.companyKinds.map((k) => ({ value: k, label: k }));
const autoSendOptions = distributorAutoSendModes.map((m) => ({
  value: m,
  label: distributorAutoSendLabels[m],
}));

const { listCompanies, createCompany, updateCompany } = companiesApi.endpoints;

/** /admin/companies: the customers, suppliers, installers and resellers Tread deals with. */
export function CompaniesPage() {
  // Credit limits, payment terms and the distributor rule are finance's (the server refuses them to sales too).
  const role = useAppSelector((s) => s.session.user?.role);
  const moneySettings = role !== undefined && can(role, 'moneySettings');
  return (
    <CrudPage
      config={{
        title: 'Companies',
        noun: 'Company',
        entity: 'company',
        list: listCompanies,
        create: createCompany,
        update: updateCompany,
        idOf: (r) => r.id,
        filters: [{ name: 'kind', label: 'Kind', options: kindOptions }],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'kind', header: 'Kind', cell: (r) => r.kind, sortKey: 'kind' },
          { id: 'email', header: 'E-mail', cell: (r) => r.email ?? '' },
          {
            id: 'credit',
            header: 'Credit limit',
            cell: (r) => money(r.creditLimitCents),
            csv: (r) => r.creditLimitCents,
          },
          {
            id: 'active',
            header: 'Status',
            cell: (r) => <ActiveBadge active={r.active} />,
            csv: (r) => r.active,
          },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'kind', label: 'Kind', kind: 'select', options: kindOptions },
          { name: 'email', label: 'E-mail', kind: 'text' },
          { name: 'phone', label: 'Phone', kind: 'text' },
          ...(moneySettings
            ? ([
                { name: 'creditLimitCents', label: 'Credit limit', kind: 'money' },
                { name: 'paymentTermsDays', label: 'Payment terms (days)', kind: 'number' },
                {
                  name: 'distributorAutoSend',
                  label: 'Automatic distributor rule',
                  kind: 'select',
                  options: autoSendOptions,
                  description:
                    'Tires no warehouse can fill after a supplier cancels go to a distributor on their own, at its cost',
                },
              ] as const)
            : []),
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: companies.CompanyInput,
        updateSchema: companies.updateCompany.body,
      }}
    />
  );
}
