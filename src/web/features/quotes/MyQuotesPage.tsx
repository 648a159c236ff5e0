import { Alert, Anchor, Button, Loader, Pagination, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { QuoteStatusBadge } from './quote-bits';
import { useQuotesQuery } from './quotes.api';

const PAGE_SIZE = 15;

/** /quotes: the company's quotes with their status; a quote opens on its own page. */
export function MyQuotesPage() {
  const [page, setPage] = useState(0);
  const { data, isLoading, isError } = useQuotesQuery({ page, pageSize: PAGE_SIZE });
  return (
    <>
      <PageTitle title="Quotes">
        <Button component={Link} to="/quotes/new">
          Request a quote
        </Button>
      </PageTitle>
      {isLoading && <Loader aria-label="Loading quotes" />}
      {isError && <Alert color="red">Your quotes could not be loaded. Try again in a moment.</Alert>}
      {data && data.data.count === 0 && <Text>No quotes yet. Ask for one for a fleet or a big order.</Text>}
      {data && data.data.count > 0 && (
        <Table.ScrollContainer minWidth={600} type="native">
          <Table striped highlightOnHover aria-label="Quotes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Quote</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Lines</Table.Th>
                <Table.Th>Tires</Table.Th>
                <Table.Th>Valid until</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.list.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/quotes/${q.id}`}>
                      Q-{q.id}
                    </Anchor>{' '}
                    {q.title}
                  </Table.Td>
                  <Table.Td>{q.createdAt.slice(0, 10)}</Table.Td>
                  <Table.Td>
                    <QuoteStatusBadge status={q.status} />
                  </Table.Td>
                  <Table.Td>{q.lineCount}</Table.Td>
                  <Table.Td>{q.tireCount}</Table.Td>
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
