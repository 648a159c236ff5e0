import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Badge, Progress, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ApiFailure } from '../../api/api';
import { CsvUpload } from '../../components/CsvUpload';
import { dateTime } from '../../lib/format';
import { feedApplied, uploadFeed, useFeedRunsQuery } from './inventory.api';
import { isFeedRunning } from '../../../domain/feed-run-status';

const statusColor = { running: 'blue', applied: 'green', failed: 'red' } as const;

/** Upload a CSV feed to one warehouse, with upload and row progress, and the recent runs. */
export function FeedUpload({ warehouseId }: { warehouseId: number }) {
  const dispatch = useDispatch();
  const [sent, setSent] = useState<number | null>(null);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const busy = sent !== null;
  const runs = useFeedRunsQuery(warehouseId, { pollingInterval: busy ? 500 : 0 });
  const running = runs.data?.data.find((r) => isFeedRunning(r.status));

  const start = async (file: File) => {
    setMessage(null);
    setSent(0);
    try {
      const run = await uploadFeed(warehouseId, file, setSent);
      setMessage({
        color: run.badRows ? 'yellow' : 'green',
        text: `Feed applied: ${run.goodRows} rows updated, ${run.badRows} refused${run.badRows ? ' (see the failed rows below)' : ''}.`,
      });
      return true;
    } catch (error) {
      setMessage({ color: 'red', text: (error as ApiFailure).message });
      return false;
    } finally {
      setSent(null);
      dispatch(feedApplied(warehouseId));
    }
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        CSV with the columns <b>sku, make, quantity, cost</b> (cost in dollars, e.g. 89.50). Each upload
        replaces stock and cost of the listed products; refused rows are listed with their line and reason.
      </Text>
      <CsvUpload label="Inventory feed (CSV)" action="Upload feed" onUpload={start} />
      {busy && (
        <Stack gap={4} aria-label="Upload progress">
          <Text size="sm">Uploading… {Math.round((sent ?? 0) * 100)} %</Text>
          <Progress value={(sent ?? 0) * 100} animated />
          {running && <Text size="sm">Checked {running.processedRows} rows so far</Text>}
        </Stack>
      )}
      {message && (
        <Alert color={message.color} role="status">
          {message.text}
        </Alert>
      )}
      {!!runs.data?.data.length && (
        <Table fz="sm" aria-label="Recent feeds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Applied</Table.Th>
              <Table.Th>Refused</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data.data.slice(0, 5).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.filename}</Table.Td>
                <Table.Td>{dateTime(r.startedAt)}</Table.Td>
                <Table.Td>
                  <Badge miw="max-content" color={statusColor[r.status]} variant="light">
                    {r.status}
                  </Badge>
                  {r.error && (
                    <Text size="xs" c="red">
                      {r.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{r.goodRows}</Table.Td>
                <Table.Td>{r.badRows}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
