import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Anchor, Pagination, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { QuoteSummary } from '../../../contract/quotes';
import { QuoteStatusBadge } from './quote-bits';
import { PAGE_SIZE, pageCount } from '../../lib/paging';

interface Props {
  list: QuoteSummary[];
  count: number;
  page: number;
  onPage: (page: number) => void;
  /** The console's list: customer and owner columns; the buyer sees their own company's. */
  staff?: boolean;
  /** Where a quote opens. */
  to: (id: number) => string;
}

/** The one list of quotes (the buyer's /quotes and the console's /admin/quotes), paged. */
export function QuoteList({ list, count, page, onPage, staff = false, to }: Props) {
  return (
    <>
      <Table.ScrollContainer minWidth={staff ? 760 : 600} type="native">
        <Table striped highlightOnHover aria-label="Quotes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Quote</Table.Th>
              {staff && <Table.Th>Customer</Table.Th>}
              <Table.Th>Status</Table.Th>
              {staff && <Table.Th>Owner</Table.Th>}
              <Table.Th>Lines / tires</Table.Th>
              <Table.Th>{staff ? 'Created' : 'Requested'}</Table.Th>
              <Table.Th>Valid until</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((q) => (
              <Table.Tr key={q.id}>
                <Table.Td>
                  <Anchor component={Link} to={to(q.id)}>
                    Q-{q.id}
                  </Anchor>{' '}
                  {q.title}
                </Table.Td>
                {staff && (
                  <Table.Td>
                    {q.companyName}
                    <Text size="xs" c="dimmed">
                      {q.locationName} · {q.requesterName}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <QuoteStatusBadge status={q.status} />
                </Table.Td>
                {staff && <Table.Td>{q.ownerName ?? '—'}</Table.Td>}
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
      {count > PAGE_SIZE && (
        <Pagination mt="md" total={pageCount(count)} value={page + 1} onChange={(p) => onPage(p - 1)} />
      )}
    </>
  );
}
