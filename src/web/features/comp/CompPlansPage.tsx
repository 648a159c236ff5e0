import * as comp from '../../../contract/comp';
import { CrudPage } from '../../components/CrudPage';
import type { Picker } from '../../components/EntityPicker';
import { dateTime, percent } from '../../lib/format';
import { compApi } from './comp.api';

const { listPlans, createPlan, updatePlan } = compApi.endpoints;

/** /admin/comp: who earns a share of which sales, and from when. */
export function CompPlansPage({ pickers }: { pickers: { user: Picker; company: Picker; make: Picker } }) {
  return (
    <CrudPage
      config={{
        title: 'Compensation plans',
        noun: 'Plan',
        entity: 'comp_plan',
        list: listPlans,
        create: createPlan,
        update: updatePlan,
        idOf: (r) => r.id,
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'name' },
          { id: 'user', header: 'Earner', cell: (r) => r.userName, sortKey: 'userName' },
          { id: 'share', header: 'Share', cell: (r) => percent(r.basisPoints), csv: (r) => r.basisPoints },
          {
            id: 'scope',
            header: 'Sales of',
            cell: (r) =>
              [r.companyId ? `company ${r.companyId}` : 'every customer', r.makeId ? `make ${r.makeId}` : '']
                .filter(Boolean)
                .join(', '),
          },
          { id: 'starts', header: 'From', cell: (r) => dateTime(r.startsAt), sortKey: 'startsAt' },
          { id: 'ends', header: 'Until', cell: (r) => dateTime(r.endsAt) },
        ],
        fields: [
          { name: 'name', label: 'Name', kind: 'text' },
          { name: 'userId', label: 'Earner', kind: 'picker', source: pickers.user },
          {
            name: 'companyId',
            label: 'Only sales to',
            kind: 'picker',
            source: pickers.company,
            nullable: true,
          },
          { name: 'makeId', label: 'Only make', kind: 'picker', source: pickers.make, nullable: true },
          { name: 'basisPoints', label: 'Share of sales', kind: 'percent' },
          { name: 'startsAt', label: 'From', kind: 'datetime' },
          { name: 'endsAt', label: 'Until', kind: 'datetime', nullable: true },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: comp.CompPlanInput,
        updateSchema: comp.updatePlan.body,
      }}
    />
  );
}
