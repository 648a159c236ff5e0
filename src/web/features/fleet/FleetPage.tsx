import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Unit } from '../../../contract/fleet';
import { CsvUpload } from '../../components/CsvUpload';
import { PageTitle } from '../../components/PageTitle';
import { useAppSelector } from '../../lib/store-hooks';
import { toastOutcome, useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useCreateUnitMutation, useImportRosterMutation, useUnitsQuery } from './fleet.api';
import { shopForUnit, sizesText } from './fleet-links';
import { UnitForm } from './UnitForm';

const PAGE_SIZE = 25;

/** One unit of the list: number and vehicle, sizes, tags, and its two ways on. Narrow enough for a phone. */
function UnitRow({ unit, showLocation }: { unit: Unit; showLocation: boolean }) {
  const shop = shopForUnit(unit);
  return (
    <Paper withBorder p="sm" role="listitem" data-testid="fleet-unit">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Anchor fw={700} component={Link} to={`/fleet/${unit.id}`} underline="always">
            #{unit.unitNumber}
          </Anchor>
          <Text size="sm">
            {unit.year} {unit.make} {unit.model} {unit.option}
          </Text>
          <Text size="sm" c="dimmed">
            {sizesText(unit.sizes)}
          </Text>
          <Group gap={4} mt={4}>
            {showLocation && (
              <Badge variant="outline" color="gray">
                {unit.locationName}
              </Badge>
            )}
            {unit.route && <Badge variant="light">Route {unit.route}</Badge>}
            {unit.depot && (
              <Badge variant="light" color="teal">
                Depot {unit.depot}
              </Badge>
            )}
          </Group>
        </div>
        {shop && (
          <Button component={Link} to={shop} size="xs" variant="light" style={{ flexShrink: 0 }}>
            Tires for #{unit.unitNumber}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

const csvHelp =
  'Columns: unit, year, make, model, option; optional vin, fitment, route, depot. A unit number already on the roster is updated. Any bad line refuses the whole file.';

/** /fleet: the roster of the user's locations, searched and paged, with adding a unit and the CSV import. */
export function FleetPage() {
  const { locations } = useAppSelector((s) => s.session);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importTo, setImportTo] = useState<string | null>(null);
  const [importProblem, setImportProblem] = useState<{ detail: string; lines: string[] } | null>(null);
  const query = {
    page,
    pageSize: PAGE_SIZE,
    ...(locationId && { locationId: Number(locationId) }),
    ...(q && { q }),
  };
  const { data, isFetching, error } = useUnitsQuery(query);
  const [create, { isLoading: creating }] = useMutationWithToast(useCreateUnitMutation());
  const [importRoster] = useImportRosterMutation();

  const upload = async (file: File) => {
    setImportProblem(null);
    const outcome = await toastOutcome(importRoster({ file, locationId: Number(importTo) || null }), {
      success: (r) => `Imported ${r.created} new and ${r.updated} changed units`,
      failure: null,
    });
    if (!outcome.ok) {
      setImportProblem({
        detail: outcome.problem.message || 'The file was not imported',
        lines: (outcome.problem.errors ?? []).map((e) => {
          const [, line, column] = e.pointer.split('/').slice(1);
          return `Line ${line}${column ? `, ${column}` : ''}: ${e.detail}`;
        }),
      });
    }
    return outcome.ok;
  };

  return (
    <Stack>
      <PageTitle title="Fleet roster">
        <Group gap="xs">
          <Button variant="light" onClick={() => setImporting((o) => !o)}>
            Import CSV
          </Button>
          <Button onClick={() => setAdding(true)}>Add unit</Button>
        </Group>
      </PageTitle>
      {importing && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text size="sm">{csvHelp}</Text>
            <Select
              label="Into location"
              placeholder="The current location"
              data={locations.map((l) => ({ value: String(l.locationId), label: l.locationName }))}
              value={importTo}
              onChange={setImportTo}
              clearable
              maw={320}
            />
            <CsvUpload label="Roster file (CSV)" action="Import roster" onUpload={upload} />
            {importProblem && (
              <Alert color="red" title={importProblem.detail} data-testid="import-problem">
                <Stack gap={2}>
                  {importProblem.lines.slice(0, 50).map((l) => (
                    <Text key={l} size="sm">
                      {l}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      <Group gap="sm" align="end" grow preventGrowOverflow={false}>
        <Select
          label="Location"
          placeholder="All my locations"
          data={locations.map((l) => ({ value: String(l.locationId), label: l.locationName }))}
          value={locationId}
          onChange={(v) => {
            setLocationId(v);
            setPage(0);
          }}
          clearable
          miw={160}
        />
        <TextInput
          label="Search"
          placeholder="Unit, VIN, make, route…"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(0);
          }}
          miw={160}
        />
      </Group>
      {error && <Alert color="red">The roster could not be loaded.</Alert>}
      {!data && isFetching && <Loader aria-label="Loading the roster" />}
      {data && (
        <>
          <Text size="sm" c="dimmed">
            {data.count} unit{data.count === 1 ? '' : 's'}
          </Text>
          <Stack gap="xs" role="list" aria-label="Units">
            {data.list.map((u) => (
              <UnitRow key={u.id} unit={u} showLocation={locations.length > 1 && !locationId} />
            ))}
          </Stack>
          {data.count === 0 && <Alert color="gray">No units yet: add one or import a roster.</Alert>}
          {data.count > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(data.count / PAGE_SIZE)}
              value={page + 1}
              onChange={(p) => setPage(p - 1)}
              size="sm"
            />
          )}
        </>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add a unit" size="lg">
        <UnitForm
          busy={creating}
          onSubmit={async (input) => {
            const outcome = await create(input, {
              success: (u) => `Unit ${u.unitNumber} added`,
              failure: null,
            });
            if (outcome.ok) setAdding(false);
            return outcome;
          }}
        />
      </Modal>
    </Stack>
  );
}
