import '@mantine/core/styles/List.layer.css';
import { Alert, Button, List, Text } from '@mantine/core';
import * as discounts from '../../../contract/discounts';
import { awaitsDiscountApproval, floorBreachText, isBelowFloor } from '../../../domain/discounts';
import { can } from '../../../domain/roles';
import { useAppSelector } from '../../lib/store-hooks';
import { CrudPage } from '../../components/CrudPage';
import type { Picker } from '../../components/EntityPicker';
import { dateTime, money, percent } from '../../lib/format';
import { discountsApi, useApproveDiscountMutation } from './discounts.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

const { listDiscounts, createDiscount, updateDiscount, deleteDiscount } = discountsApi.endpoints;

/** What a discount may be narrowed to: the catalogue's records and the customers. */
interface DiscountPickers {
  make: Picker;
  model: Picker;
  product: Picker;
  company: Picker;
}

/** /admin/discounts: money off a make, line, SKU or company's purchases for a time. */
export function DiscountsPage({ pickers }: { pickers: DiscountPickers }) {
  return (
    <CrudPage
      config={{
        title: 'Discounts',
        noun: 'Discount',
        entity: 'discount',
        list: listDiscounts,
        create: createDiscount,
        update: updateDiscount,
        remove: deleteDiscount,
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
          { id: 'approval', header: 'Approval', cell: (r) => approvalLabel[r.approvalStatus] },
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
          { name: 'makeId', label: 'Make', kind: 'picker', source: pickers.make, nullable: true },
          { name: 'modelId', label: 'Tire line', kind: 'picker', source: pickers.model, nullable: true },
          { name: 'productId', label: 'SKU', kind: 'picker', source: pickers.product, nullable: true },
          { name: 'companyId', label: 'Company', kind: 'picker', source: pickers.company, nullable: true },
          { name: 'active', label: 'Active', kind: 'switch' },
        ],
        createSchema: discounts.DiscountInput,
        updateSchema: discounts.updateDiscount.body,
        extra: (row, close) => <FloorApproval row={row} close={close} />,
      }}
    />
  );
}

const approvalLabel: Record<discounts.Discount['approvalStatus'], string> = {
  not_needed: '—',
  pending: 'waits: under the floor',
  approved: 'approved under the floor',
};

/**
 * Why a discount waits (the prices it takes under their floor, as quotes name them) and, for admin
 * and finance, the approval that puts it in force.
 */
function FloorApproval({ row, close }: { row: discounts.Discount; close: () => void }) {
  const role = useAppSelector((s) => s.session.user?.role);
  const [approve, approving] = useMutationWithToast(useApproveDiscountMutation());
  if (!isBelowFloor(row.approvalStatus)) return null;
  const waits = awaitsDiscountApproval(row.approvalStatus);
  const more = row.belowFloorCount - row.belowFloor.length;
  return (
    <Alert
      mt="lg"
      color={waits ? 'yellow' : 'gray'}
      title={waits ? 'Waits for admin or finance: not in force until approved' : 'Approved under the floor'}
    >
      <Text size="sm">Prices under their floor (cost plus the group's minimum margin, or MAP):</Text>
      <List size="sm">
        {row.belowFloor.map((b) => (
          <List.Item key={`${b.productId}-${b.priceGroupId}`}>{floorBreachText(b)}</List.Item>
        ))}
      </List>
      {more > 0 && <Text size="sm">and {more} more</Text>}
      {waits && !!role && can(role, 'finance') && (
        <Button
          mt="sm"
          loading={approving.isLoading}
          onClick={async () => {
            if ((await approve(row.id, { success: 'Discount approved: in force' })).ok) close();
          }}
        >
          Approve below the floor
        </Button>
      )}
    </Alert>
  );
}
