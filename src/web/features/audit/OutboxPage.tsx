import '@mantine/core/styles/Code.layer.css';
import { Code } from '@mantine/core';
import { CrudPage } from '../../components/CrudPage';
import { dateTime } from '../../lib/format';
import { auditApi } from './audit.api';

const { listOutbox } = auditApi.endpoints;

/** /admin/outbox: the e-mails the shop queued (the mailbox of the embedded setup). */
export function OutboxPage() {
  return (
    <CrudPage
      config={{
        title: 'E-mail outbox',
        noun: 'E-mail',
        noHistory: true,
        entity: 'email',
        list: listOutbox,
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
