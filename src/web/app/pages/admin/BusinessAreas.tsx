import { Alert, Badge, Code, Divider, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type * as audit from '../../../../contract/audit';
import * as comp from '../../../../contract/comp';
import type * as wholesale from '../../../../contract/wholesale';
import { compStatuses } from '../../../../domain/comp-status';
import { wholesaleStatuses, wholesaleTransitions } from '../../../../domain/wholesale-status';
import type { ApiFailure } from '../../../api/api';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useAdminMutation } from '../../../features/admin/admin.api';
import { CrudPage } from '../../../features/admin/CrudPage';
import { dateTime, money, percent } from '../../../lib/format';
import { useOptions } from './admin-options';

export function CompPlansPage() {
  return (
    <CrudPage<comp.CompPlan>
      config={{
        title: 'Compensation plans',
        noun: 'Plan',
        entity: 'comp_plan',
        listKey: 'listPlans',
        createKey: 'createPlan',
        updateKey: 'updatePlan',
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
          { name: 'userId', label: 'Earner', kind: 'picker', source: 'user' },
          { name: 'companyId', label: 'Only sales to', kind: 'picker', source: 'company', nullable: true },
          { name: 'makeId', label: 'Only make', kind: 'picker', source: 'make', nullable: true },
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

export function CompRecordsPage() {
  return (
    <CrudPage<comp.CompRecord>
      config={{
        title: 'Compensation records',
        noun: 'Record',
        entity: 'comp_record',
        listKey: 'listRecords',
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
              <Badge miw="max-content" variant="light" color={r.status === 'waived' ? 'gray' : 'green'}>
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
  const [run] = useAdminMutation();
  const [note, setNote] = useState('');
  if (row.status !== 'accrued')
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
          await run('waiveRecords', { body: { ids: [row.id], note } });
          close();
        }}
      >
        Waive
      </ConfirmButton>
    </Stack>
  );
}

const statusColor = { pending: 'blue', approved: 'green', rejected: 'red' } as const;

export function WholesalePage() {
  return (
    <CrudPage<wholesale.WholesaleApplication>
      config={{
        title: 'Wholesale applications',
        noun: 'Application',
        entity: 'wholesale_application',
        listKey: 'listApplications',
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
        extra: (row, close) => <Decide row={row} close={close} />,
      }}
    />
  );
}

function Decide({ row, close }: { row: wholesale.WholesaleApplication; close: () => void }) {
  const options = useOptions();
  const [run] = useAdminMutation();
  const [group, setGroup] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const allowed = wholesaleTransitions[row.status];
  const act = async (to: 'approved' | 'rejected') => {
    setFailure(null);
    try {
      if (to === 'approved')
        await run('approveApplication', {
          params: { id: row.id },
          body: { priceGroupId: group ? Number(group) : null, note },
        });
      else await run('rejectApplication', { params: { id: row.id }, body: { note } });
      notifications.show({
        color: 'green',
        message: to === 'approved' ? 'Approved: the invitation is in the outbox' : 'Rejected',
      });
      close();
    } catch (error) {
      setFailure((error as ApiFailure).message);
    }
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
            data={options.priceGroups}
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

export function AuditLogPage() {
  return (
    <CrudPage<audit.AuditEntry>
      config={{
        title: 'Audit log',
        noun: 'Entry',
        noHistory: true,
        entity: 'audit',
        listKey: 'listAudit',
        idOf: (r) => r.id,
        columns: [
          { id: 'at', header: 'When', cell: (r) => dateTime(r.at), sortKey: 'at', csv: (r) => r.at },
          { id: 'actor', header: 'Who', cell: (r) => r.actorUsername, sortKey: 'actor' },
          { id: 'entity', header: 'Record', cell: (r) => `${r.entity} #${r.entityId}`, sortKey: 'entity' },
          { id: 'action', header: 'Action', cell: (r) => r.action },
        ],
        fields: [],
        extra: (row) => (
          <Stack>
            <Text size="sm">Before</Text>
            <Code block>{JSON.stringify(row.before, null, 2)}</Code>
            <Text size="sm">After</Text>
            <Code block>{JSON.stringify(row.after, null, 2)}</Code>
          </Stack>
        ),
      }}
    />
  );
}

export function OutboxPage() {
  return (
    <CrudPage<audit.OutboxMail>
      config={{
        title: 'E-mail outbox',
        noun: 'E-mail',
        noHistory: true,
        entity: 'email',
        listKey: 'listOutbox',
        idOf: (r) => r.id,
        columns: [
          {
            id: 'when',
            header: 'Queued',
            cell: (r) => dateTime(r.createdAt),
            sortKey: 'createdAt',
            csv: (r) => r.createdAt,
          },
          { id: 'to', header: 'To', cell: (r) => r.to, sortKey: 'to' },
          { id: 'subject', header: 'Subject', cell: (r) => r.subject },
          { id: 'kind', header: 'Kind', cell: (r) => r.kind },
          {
            id: 'sent',
            header: 'Sent',
            cell: (r) => (r.sentAt ? dateTime(r.sentAt) : r.error ? `failed: ${r.error}` : 'waiting'),
          },
        ],
        fields: [],
        extra: (row) => (
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {row.text}
          </Code>
        ),
      }}
    />
  );
}
