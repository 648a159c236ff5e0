import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import { Badge, Button, Card, Group, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ContactMessage } from '../../../contract/marketing';
import { dateTime } from '../../lib/format';
import { useAnswerContactMutation, useContactInboxQuery } from './marketing.api';
import { firstProblemDetail, useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { StatusListPage, useStatusListFilters } from '../../components/StatusListPage';
import { type ContactStatus, contactStatuses, isOpenContact } from '../../../domain/marketing-status';

/** The staff console's support inbox: contact messages, open first; answer (mailed) or reopen. */
export function ContactInboxPage() {
  const list = useStatusListFilters<ContactStatus>({ initial: 'open' });
  const answer = useContactInboxQuery(list.query);
  return (
    <StatusListPage
      title="Contact messages"
      noun="messages"
      statuses={contactStatuses}
      filter="tabs"
      controls={list.controls}
      answer={answer}
      unreadable="The inbox cannot be read right now."
      rows={{ as: 'cards', card: (m) => <Message key={m.id} m={m} /> }}
    />
  );
}

function Message({ m }: { m: ContactMessage }) {
  const [answer, setAnswer] = useState('');
  const [save, { isLoading }] = useMutationWithToast(useAnswerContactMutation());
  const send = (status: 'open' | 'answered') =>
    save(
      { id: m.id, body: { status, ...(status === 'answered' && { answer }) } },
      { success: status === 'answered' ? 'Answer mailed' : 'Opened again', failure: firstProblemDetail },
    );
  return (
    <Card withBorder padding="sm" data-testid="contact-message">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{m.subject}</Text>
        <Badge color={isOpenContact(m.status) ? 'orange' : 'green'}>{m.status}</Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {m.userName} &lt;{m.email}&gt;, {m.companyName} · {dateTime(m.createdAt)}
        {m.orderNumber && ` · order ${m.orderNumber}`}
      </Text>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {m.message}
      </Text>
      {m.answer && (
        <Text size="sm" mt="xs" c="blue.8">
          Answered {dateTime(m.answeredAt)}: {m.answer}
        </Text>
      )}
      {isOpenContact(m.status) ? (
        <Group mt="xs" align="flex-end" wrap="wrap">
          <Textarea
            aria-label={`Answer to ${m.subject}`}
            placeholder="Answer (mailed to the sender)"
            value={answer}
            onChange={(e) => setAnswer(e.currentTarget.value)}
            autosize
            minRows={2}
            w={420}
            maw="100%"
          />
          <Button size="xs" loading={isLoading} onClick={() => send('answered')} disabled={!answer.trim()}>
            Send answer
          </Button>
        </Group>
      ) : (
        <Button size="xs" variant="subtle" mt="xs" loading={isLoading} onClick={() => send('open')}>
          Open again
        </Button>
      )}
    </Card>
  );
}
