import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { ContactMessage } from '../../../contract/marketing';
import { dateTime } from '../../lib/format';
import { useAnswerContactMutation, useContactInboxQuery } from './marketing.api';
import { PAGE_SIZE, pageCount } from '../../lib/paging';
import { firstProblemDetail, useMutationWithToast } from '../../lib/use-mutation-with-toast';

/** The staff console's support inbox: contact messages, open first; answer (mailed) or reopen. */
export function ContactInboxPage() {
  const [status, setStatus] = useState<'open' | 'answered' | 'all'>('open');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useContactInboxQuery({
    page: page - 1,
    pageSize: PAGE_SIZE,
    ...(status !== 'all' && { status }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Contact messages
        </Title>
        <SegmentedControl
          value={status}
          onChange={(v) => {
            setStatus(v as typeof status);
            setPage(1);
          }}
          data={['open', 'answered', 'all']}
        />
      </Group>
      {isLoading && <Loader aria-label="Loading messages" />}
      {isError && <Alert color="red">The inbox cannot be read right now.</Alert>}
      {data?.count === 0 && <Text c="dimmed">No {status === 'all' ? '' : status} messages.</Text>}
      {data?.list.map((m) => (
        <Message key={m.id} m={m} />
      ))}
      {data && data.count > PAGE_SIZE && (
        <Pagination total={pageCount(data.count)} value={page} onChange={setPage} />
      )}
    </Stack>
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
        <Badge color={m.status === 'open' ? 'orange' : 'green'}>{m.status}</Badge>
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
      {m.status === 'open' ? (
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
