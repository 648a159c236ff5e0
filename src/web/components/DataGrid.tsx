import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconDownload, IconSearch, IconSelector } from '@tabler/icons-react';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';

export interface GridColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key; columns without one do not sort. */
  sortKey?: string;
  /** The value written to the CSV export (defaults to the cell when it is text). */
  csv?: (row: T) => string | number | boolean | null;
}

export interface GridState {
  page: number;
  pageSize: number;
  sort?: string;
  q?: string;
}

interface DataGridProps<T> {
  label: string;
  columns: GridColumn<T>[];
  rows: T[] | undefined;
  count: number;
  loading: boolean;
  error?: string | null;
  state: GridState;
  onState: (next: GridState) => void;
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  /** Filters and actions shown beside the search box. */
  toolbar?: ReactNode;
  /** Fetches every matching row for the CSV export. */
  exportRows?: () => Promise<T[]>;
  exportName?: string;
  emptyText?: string;
}

/** Server-side paged, sorted and searched table with CSV export; no domain knowledge. */
export function DataGrid<T>(props: DataGridProps<T>) {
  const { columns, rows, state, onState } = props;
  const [search, setSearch] = useState(state.q ?? '');
  const pushSearch = useDebouncedCallback(
    (q: string) => onState({ ...state, q: q || undefined, page: 0 }),
    300,
  );
  const defs = useMemo<ColumnDef<T>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.header, cell: ({ row }) => c.cell(row.original) })),
    [columns],
  );
  const table = useReactTable({
    data: rows ?? [],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    rowCount: props.count,
  });
  const pages = Math.max(1, Math.ceil(props.count / state.pageSize));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end">
        <Group align="end">
          <TextInput
            aria-label={`Search ${props.label}`}
            placeholder="Search…"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            w={260}
          />
          {props.toolbar}
        </Group>
        {props.exportRows && <ExportButton {...props} />}
      </Group>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover={!!props.onRowClick} aria-label={props.label}>
            <Table.Thead>
              {table.getHeaderGroups().map((hg) => (
                <Table.Tr key={hg.id}>
                  {hg.headers.map((h) => {
                    const col = columns.find((c) => c.id === h.column.id)!;
                    return (
                      <Table.Th key={h.id}>
                        <SortHeader column={col} state={state} onState={onState}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                        </SortHeader>
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {table.getRowModel().rows.map((row) => (
                <Table.Tr
                  key={props.rowKey(row.original)}
                  onClick={props.onRowClick && (() => props.onRowClick?.(row.original))}
                  style={props.onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <GridStatus {...props} />
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {props.count} {props.count === 1 ? 'record' : 'records'}
        </Text>
        <Group>
          <Select
            aria-label="Rows per page"
            size="xs"
            w={90}
            data={['15', '25', '50', '100']}
            value={String(state.pageSize)}
            onChange={(v) => v && onState({ ...state, pageSize: Number(v), page: 0 })}
            allowDeselect={false}
          />
          <Pagination
            size="sm"
            total={pages}
            value={state.page + 1}
            onChange={(p) => onState({ ...state, page: p - 1 })}
          />
        </Group>
      </Group>
    </Stack>
  );
}

function GridStatus<T>({ loading, error, rows, emptyText }: DataGridProps<T>) {
  if (error)
    return (
      <Alert color="red" m="sm" title="Could not load">
        {error}
      </Alert>
    );
  if (loading && !rows)
    return (
      <Center p="lg">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  if (rows && rows.length === 0)
    return (
      <Center p="lg">
        <Text c="dimmed">{emptyText ?? 'Nothing here yet.'}</Text>
      </Center>
    );
  return null;
}

function SortHeader<T>({
  column,
  state,
  onState,
  children,
}: {
  column: GridColumn<T>;
  state: GridState;
  onState: (s: GridState) => void;
  children: ReactNode;
}) {
  if (!column.sortKey) return <>{children}</>;
  const key = column.sortKey;
  const current = state.sort === key ? 'asc' : state.sort === `-${key}` ? 'desc' : null;
  const Icon = current === 'asc' ? IconArrowUp : current === 'desc' ? IconArrowDown : IconSelector;
  return (
    <UnstyledButton
      fw={700}
      fz="sm"
      onClick={() => onState({ ...state, page: 0, sort: current === 'asc' ? `-${key}` : key })}
      aria-label={`Sort by ${column.header}`}
    >
      <Group gap={4} wrap="nowrap">
        {children}
        <Icon size={14} />
      </Group>
    </UnstyledButton>
  );
}

function ExportButton<T>({ columns, exportRows, exportName, label }: DataGridProps<T>) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!exportRows) return;
    setBusy(true);
    try {
      const { toCsv, downloadText } = await import('../lib/csv');
      const all = await exportRows();
      const value = (c: GridColumn<T>, r: T) => {
        if (c.csv) return c.csv(r);
        const v = c.cell(r);
        return typeof v === 'string' || typeof v === 'number' ? v : '';
      };
      const csv = toCsv(
        columns.map((c) => c.header),
        all.map((r) => columns.map((c) => value(c, r))),
      );
      downloadText(`${exportName ?? label.toLowerCase().replace(/\s+/g, '-')}.csv`, csv);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={run}>
      Export CSV
    </Button>
  );
}
