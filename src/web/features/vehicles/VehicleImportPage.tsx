import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import * as vehicles from '../../../contract/vehicles';
import { ApiError, call } from '../../api/client';
import { CsvUpload } from '../../components/CsvUpload';

type Result = vehicles.VehicleImportResult;

/**
 * /admin/vehicle-import: upload a CSV of OE fitments and read what was applied or refused. A
 * multipart upload read once, so a plain call rather than a cached endpoint.
 */
export function VehicleImportPage() {
  const [result, setResult] = useState<Result | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File) => {
    setFailure(null);
    try {
      const body = new FormData();
      body.append('file', file);
      setResult((await call(vehicles.importVehicles, { body })).data);
      return true;
    } catch (error) {
      setResult(null);
      setFailure(error instanceof ApiError ? error.message : 'The import failed; nothing was changed.');
      return false;
    }
  };
  return (
    <Stack>
      <Title order={1} size="h2">
        Vehicle fitments
      </Title>
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            CSV with the columns <b>year, make, model, option, front</b> and optionally{' '}
            <b>rear, load, speed, rear_load, rear_speed</b>. Sizes may carry their service description (
            <code>245/40ZR18 97Y</code>); otherwise give <b>load</b> and <b>speed</b>. Years run from 1959 to
            next year.
          </Text>
          <Text size="sm" c="dimmed">
            The file is checked line by line first; the good lines are then applied together, and a line
            already in the catalogue changes nothing. Refused lines are listed below with their reason.
          </Text>
          <CsvUpload label="Fitment file (CSV)" action="Import fitments" onUpload={upload} />
        </Stack>
      </Card>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {result && <ImportResult result={result} />}
    </Stack>
  );
}

function ImportResult({ result }: { result: Result }) {
  const numbers = [
    ['Lines read', result.processedRows],
    ['Vehicles added', result.vehiclesCreated],
    ['Fitments added', result.fitmentsCreated],
    ['Already there', result.unchangedRows],
    ['Refused', result.badRows],
  ] as const;
  return (
    <Stack>
      <Alert color={result.badRows ? 'yellow' : 'green'} role="status">
        {result.filename}: {result.goodRows} line(s) applied, {result.badRows} refused.
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {numbers.map(([label, value]) => (
          <Card key={label} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {result.bad.length > 0 && (
        <Table fz="sm" striped aria-label="Refused lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Content</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.bad.map((b) => (
              <Table.Tr key={b.line}>
                <Table.Td>{b.line}</Table.Td>
                <Table.Td>{b.reason}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {b.raw}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {result.badRows > result.bad.length && (
        <Text size="sm" c="dimmed">
          Only the first {result.bad.length} refused lines are listed.
        </Text>
      )}
    </Stack>
  );
}
