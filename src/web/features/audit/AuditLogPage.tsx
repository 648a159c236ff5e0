import '@mantine/core/styles/Code.layer.css';
import { Code, Stack, Text } from '@mantine/core';
import { CrudPage } from '../../components/CrudPage';
import { dateTime } from '../../lib/format';
import { auditApi } from './audit.api';

const { listAudit } = auditApi.endpoints;

/** /admin/audit: who changed what in the back office, newest first. */
export function AuditLogPage() {
  return (
    <CrudPage
      config={{
        title: 'Audit log',
        noun: 'Entry',
        noHistory: true,
        entity: 'audit',
        list: listAudit,
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
