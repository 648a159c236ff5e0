import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Alert, Badge, Code, Divider, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { useState } from 'react';
import type * as wholesale from '../../../contract/wholesale';
import { wholesaleStatuses, wholesaleTransitions } from '../../../domain/wholesale-status';
import { ConfirmButton } from '../../components/ConfirmButton';
import { CrudPage } from '../../components/CrudPage';
import { type Picker, useChoices } from '../../components/EntityPicker';
import { dateTime } from '../../lib/format';
import { useApproveApplicationMutation, useRejectApplicationMutation, wholesaleApi } from './wholesale.api';

const statusColor = { pending: 'blue', approved: 'green', rejected: 'red' } as const;
const { listApplications } = wholesaleApi.endpoints;

/** /admin/wholesale: applications from /wholesale, approved into a customer or rejected. */
export function WholesalePage({ pickers }: { pickers: { priceGroup: Picker } }) {
  return (
    <CrudPage
      config={{
        title: 'Wholesale applications',
        noun: 'Application',
        entity: 'wholesale_application',
        list: listApplications,
        idOf: (r) => r.id,
        filters: [
          {
            name: 'status',
            label: 'Status',
            options: wholesaleStatuses.map((s) => ({ value: s, label: s })),
          },
        ],
        columns: [
          { id: 'id', header: 'Id', cell: (r) => r.id },
          { id: 'company', header: 'Company', cell: (r) => r.companyName, sortKey: 'companyName' },
          { id: 'contact', header: 'Contact', cell: (r) => `${r.contactName} <${r.email}>` },
          { id: 'place', header: 'Place', cell: (r) => `${r.city} ${r.state} ${r.zip}`.trim() },
          {
            id: 'status',
            header: 'Status',
            cell: (r) => (
              <Badge miw="max-content" variant="light" color={statusColor[r.status]}>
                {r.status}
              </Badge>
            ),
            csv: (r) => r.status,
          },
          { id: 'when', header: 'Received', cell: (r) => dateTime(r.createdAt), sortKey: 'createdAt' },
        ],
        fields: [],
        emptyText: 'No applications.',
        extra: (row, close) => <Decide row={row} close={close} priceGroup={pickers.priceGroup} />,
      }}
    />
  );
}

function Decide({
  row,
  close,
  priceGroup,
}: {
  row: wholesale.WholesaleApplication;
  close: () => void;
  priceGroup: Picker;
}) {
  const priceGroups = useChoices(priceGroup);
  const [approve] = useApproveApplicationMutation();
  const [reject] = useRejectApplicationMutation();
  const [group, setGroup] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const allowed = wholesaleTransitions[row.status];
  const act = async (to: 'approved' | 'rejected') => {
    setFailure(null);
    const started =
      to === 'approved'
        ? approve({ id: row.id, priceGroupId: group ? Number(group) : null, note })
        : reject({ id: row.id, note });
    // The refusal is shown in the drawer, under the decision.
    const res = await toastOutcome<unknown>(started, {
      success: to === 'approved' ? 'Approved: the invitation is in the outbox' : 'Rejected',
      failure: null,
    });
    if (res.ok) close();
    else setFailure(res.problem.message);
  };
  return (
    <Stack>
      <Text>
        <b>{row.companyName}</b> · {row.contactName} · {row.email} {row.phone}
      </Text>
      <Text size="sm">
        {row.address1} {row.city} {row.state} {row.zip} · username <Code>{row.username}</Code>{' '}
        {row.taxId && `· tax id ${row.taxId}`}
      </Text>
      {row.message && (
        <Text size="sm" fs="italic">
          “{row.message}”
        </Text>
      )}
      {row.decisionNote && <Text size="sm">Decision note: {row.decisionNote}</Text>}
      {failure && <Alert color="red">{failure}</Alert>}
      {allowed.length > 0 && (
        <>
          <Divider />
          <Select
            label="Price group (default: Wholesale)"
            data={priceGroups.options}
            value={group}
            onChange={setGroup}
            clearable
          />
          <Textarea
            label="Note (required to reject)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group>
            <ConfirmButton
              color="green"
              title="Approve this application?"
              message="This opens the company, its location and the user, and e-mails the invitation."
              confirmLabel="Approve"
              onConfirm={() => act('approved')}
            >
              Approve
            </ConfirmButton>
            <ConfirmButton
              color="red"
              variant="light"
              title="Reject this application?"
              confirmLabel="Reject"
              onConfirm={() => act('rejected')}
              disabled={!note.trim()}
            >
              Reject
            </ConfirmButton>
          </Group>
        </>
      )}
    </Stack>
  );
}
