import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Code, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { dateTime } from '../../lib/format';
import { useListFailedRowsQuery } from './inventory.api';
import { PAGE_SIZE, pageCount } from '../../lib/paging';

/** Feed rows that were refused, newest first, with the line of the file and the reason. */
export function FailedRows({ warehouseId }: { warehouseId?: number }) {
  const [page, setPage] = useState(0);
  const failed = useListFailedRowsQuery({ warehouseId, page, pageSize: PAGE_SIZE, sort: '-id' });
  const data = failed.data?.data;
  if (failed.isLoading) return <Loader size="sm" aria-label="Loading failed rows" />;
  if (failed.error) return <Alert color="red">The failed rows could not be loaded.</Alert>;
  if (!data?.list.length) return <Text c="dimmed">No refused rows. Every feed row was applied.</Text>;
  return (
    <Stack>
      <Table striped fz="sm" aria-label="Failed rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Warehouse</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th>Line</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Row</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.list.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.warehouseCode}</Table.Td>
              <Table.Td>{r.filename}</Table.Td>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td>{r.reason}</Table.Td>
              <Table.Td>
                <Code>{r.raw}</Code>
              </Table.Td>
              <Table.Td>{dateTime(r.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pagination size="sm" total={pageCount(data.count)} value={page + 1} onChange={(p) => setPage(p - 1)} />
    </Stack>
  );
}
