import { PageTitle } from '../../components/PageTitle';
import { Alert, Anchor, Group, Loader, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { type QuoteStatus, quoteStatuses } from '../../../domain/quote-status';
import { QuoteStatusBadge } from './quote-bits';
import { useQuotesQuery } from './quotes.api';

const PAGE_SIZE = 15;

/** /admin/quotes: every company's quotes, filtered by status and text (company, size, title, number). */
export function QuotesConsolePage() {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<QuoteStatus | null>(null);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const { data, isFetching, isError } = useQuotesQuery({
    page,
    pageSize: PAGE_SIZE,
    ...(status && { status }),
    ...(debounced && { text: debounced }),
  });
  return (
    <>
      <PageTitle title="Quotes" />
      <Group mb="md" wrap="wrap">
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={quoteStatuses.map((s) => ({ value: s, label: s.replace('_', ' ') }))}
          value={status}
          onChange={(v) => {
            setStatus(v as QuoteStatus | null);
            setPage(0);
          }}
        />
        <TextInput
          label="Search"
          placeholder="Company, size, title or number"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(0);
          }}
        />
        {isFetching && <Loader size="sm" mt="lg" aria-label="Loading quotes" />}
      </Group>
      {isError && <Alert color="red">Quotes could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text>No quotes match.</Text>}
      {data && data.data.count > 0 && (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped highlightOnHover aria-label="Quotes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Quote</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Lines / tires</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Valid until</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.list.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Td>
                    <Anchor component={Link} to={String(q.id)}>
                      Q-{q.id}
                    </Anchor>{' '}
                    {q.title}
                  </Table.Td>
                  <Table.Td>
                    {q.companyName}
                    <Text size="xs" c="dimmed">
                      {q.locationName} · {q.requesterName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <QuoteStatusBadge status={q.status} />
                  </Table.Td>
                  <Table.Td>{q.ownerName ?? '—'}</Table.Td>
                  <Table.Td>
                    {q.lineCount} / {q.tireCount}
                  </Table.Td>
                  <Table.Td>{q.createdAt.slice(0, 10)}</Table.Td>
                  <Table.Td>{q.validUntil.slice(0, 10)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.data.count > PAGE_SIZE && (
        <Pagination
          mt="md"
          total={Math.ceil(data.data.count / PAGE_SIZE)}
          value={page + 1}
          onChange={(p) => setPage(p - 1)}
        />
      )}
    </>
  );
}
