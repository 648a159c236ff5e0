import '@mantine/core/styles/Badge.layer.css';
import { Badge, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type * as comp from '../../../contract/comp';
import { compStatuses, isWaivable } from '../../../domain/comp-status';
import { ConfirmButton } from '../../components/ConfirmButton';
import { CrudPage } from '../../components/CrudPage';
import { dateTime, money } from '../../lib/format';
import { compApi, useWaiveRecordsMutation } from './comp.api';

const { listRecords } = compApi.endpoints;

/** /admin/comp-records: what each earner accrued on which order; finance may waive a record. */
export function CompRecordsPage() {
  return (
    <CrudPage
      config={{
        title: 'Compensation records',
        noun: 'Record',
        entity: 'comp_record',
        list: listRecords,
        idOf: (r) => r.id,
        filters: [
          { name: 'status', label: 'Status', options: compStatuses.map((s) => ({ value: s, label: s })) },
        ],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'plan', header: 'Plan', cell: (r) => r.planName },
          { id: 'user', header: 'Earner', cell: (r) => r.userName, sortKey: 'userName' },
          { id: 'order', header: 'Order', cell: (r) => r.orderId ?? '—' },
          { id: 'base', header: 'Sales', cell: (r) => money(r.baseCents), csv: (r) => r.baseCents },
          {
            id: 'amount',
            header: 'Earned',
            cell: (r) => money(r.amountCents),
            sortKey: 'amountCents',
            csv: (r) => r.amountCents,
          },
          {
            id: 'status',
            header: 'Status',
            cell: (r) => (
              <Badge miw="max-content" variant="light" color={isWaivable(r.status) ? 'green' : 'gray'}>
                {r.status}
              </Badge>
            ),
            csv: (r) => r.status,
          },
          { id: 'when', header: 'When', cell: (r) => dateTime(r.createdAt), sortKey: 'createdAt' },
        ],
        fields: [],
        extra: (row, close) => <Waive row={row} close={close} />,
      }}
    />
  );
}

function Waive({ row, close }: { row: comp.CompRecord; close: () => void }) {
  const [waive] = useWaiveRecordsMutation();
  const [note, setNote] = useState('');
  if (!isWaivable(row.status))
    return (
      <Text c="dimmed">
        Waived {dateTime(row.waivedAt)}
        {row.note && `: ${row.note}`}
      </Text>
    );
  return (
    <Stack>
      <Text>
        {row.userName} earned {money(row.amountCents)} on {money(row.baseCents)} of sales.
      </Text>
      <Textarea label="Why it is waived" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <ConfirmButton
        color="orange"
        title="Waive this record?"
        message="It stays in the history but is no longer owed."
        confirmLabel="Waive"
        onConfirm={async () => {
          await waive({ ids: [row.id], note });
          close();
        }}
      >
        Waive
      </ConfirmButton>
    </Stack>
  );
}
