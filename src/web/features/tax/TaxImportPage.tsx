import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Badge, Card, Group, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import * as tax from '../../../contract/tax';
import { isFailedImport, isImporting, isRejectedImport } from '../../../domain/tax-import-status';
import { ApiError, call } from '../../api/client';
import { CsvUpload } from '../../components/CsvUpload';
import { dateTime, grouped } from '../../lib/format';
import { useAppDispatch } from '../../lib/store-hooks';
import { taxDataChanged, useTaxImportQuery, useTaxImportsQuery } from './tax.api';

type Run = tax.ImportRun;
type LineError = Run['errors'][number];

const statusColor: Record<Run['status'], string> = {
  importing: 'blue',
  done: 'green',
  rejected: 'red',
  failed: 'red',
};

/**
 * /admin/tax-import: upload a ZIP-rate CSV. The server checks every line first; a refused file
 * lists its lines here and changes nothing, a good one is followed with a progress bar until
 * its one transaction commits.
 */
export function TaxImportPage() {
  const dispatch = useAppDispatch();
  const today = new Date().toISOString().slice(0, 10);
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [runId, setRunId] = useState<number | null>(null);
  const [refused, setRefused] = useState<{ detail: string; lines: LineError[] } | null>(null);
  const { data: run } = useTaxImportQuery(runId ?? 0, { skip: runId === null, pollingInterval: 400 });
  const finished = run && run.id === runId && !isImporting(run.status);
  const runs = useTaxImportsQuery(undefined);
  useEffect(() => {
    if (finished) dispatch(taxDataChanged());
  }, [finished, dispatch]);

  const upload = async (file: File) => {
    setRefused(null);
    setRunId(null);
    const body = new FormData();
    body.append('effectiveFrom', effectiveFrom);
    body.append('file', file);
    try {
      setRunId((await call(tax.importZipRates, { body })).data.id);
      return true;
    } catch (error) {
      dispatch(taxDataChanged()); // the refused file is listed among the runs
      const problem = error instanceof ApiError ? error.problem : null;
      const lines = (problem?.lines as LineError[] | undefined) ?? [];
      setRefused({ detail: problem?.detail ?? 'The upload failed; nothing was imported.', lines });
      return false;
    }
  };
  const shown = run && run.id === runId ? run : null;
  return (
    <Stack>
      <Title order={1} size="h2">
        ZIP tax rates
      </Title>
      <Card withBorder>
        <Stack gap="xs">
          <Text size="sm">
            A CSV with the columns of the monthly rate tables: <b>{tax.zipRateColumns.join(', ')}</b>. Rates
            are decimal fractions (0.082500 is 8.25 %).
          </Text>
          <Text size="sm" c="dimmed">
            Every line is checked first. One bad line (an unknown state, a ZIP that is not 5 digits, a rate
            below 0 or over 20 %, a combined rate that is not the sum of its parts) refuses the whole file and
            changes nothing. The rates apply from the date below; the rates before it are kept.
          </Text>
          <Group align="end" wrap="wrap">
            <TextInput
              label="Rates apply from"
              type="date"
              value={effectiveFrom}
              onChange={(e) => setEffectiveFrom(e.currentTarget.value)}
              w={180}
            />
            <CsvUpload label="Rate file (CSV)" action="Import rates" onUpload={upload} />
          </Group>
        </Stack>
      </Card>
      {shown && <RunProgress run={shown} />}
      {refused && <Refused detail={refused.detail} lines={refused.lines} />}
      <Title order={2} size="h4">
        Recent imports
      </Title>
      <RunList runs={runs.data ?? []} />
    </Stack>
  );
}

function RunProgress({ run }: { run: Run }) {
  const share = run.rowsTotal ? Math.round((run.rowsDone / run.rowsTotal) * 100) : 100;
  return (
    <Card withBorder aria-label="Import progress">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{run.fileName}</Text>
          <Badge color={statusColor[run.status]}>{run.status}</Badge>
        </Group>
        <Progress value={share} animated={isImporting(run.status)} aria-label={`${share} % imported`} />
        <Text size="sm">
          {grouped(run.rowsDone)} of {grouped(run.rowsTotal)} ZIP rates added from {run.effectiveFrom}
          {run.rowsUnchanged > 0 && `; ${grouped(run.rowsUnchanged)} already in force, left as they are`}.
        </Text>
        {isFailedImport(run.status) && (
          <Alert color="red">{run.errors[0]?.detail ?? 'The import failed; nothing was imported.'}</Alert>
        )}
      </Stack>
    </Card>
  );
}

function Refused({ detail, lines }: { detail: string; lines: LineError[] }) {
  return (
    <Stack gap="xs">
      <Alert color="red" role="alert" title="Nothing was imported">
        {detail}
      </Alert>
      {lines.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" striped aria-label="Refused lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={`${l.line}-${l.column}`}>
                  <Table.Td>{l.line}</Table.Td>
                  <Table.Td>{l.column ?? '—'}</Table.Td>
                  <Table.Td>{l.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function RunList({ runs }: { runs: Run[] }) {
  if (!runs.length) return <Text c="dimmed">No imports yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table fz="sm" striped aria-label="Recent imports">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Rows</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{dateTime(r.createdAt)}</Table.Td>
              <Table.Td>{r.fileName}</Table.Td>
              <Table.Td>{r.effectiveFrom}</Table.Td>
              <Table.Td>
                <Badge color={statusColor[r.status]} variant="light">
                  {r.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {isRejectedImport(r.status)
                  ? `${r.errors.length} bad line(s)`
                  : `${grouped(r.rowsDone)} / ${grouped(r.rowsTotal)}`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
