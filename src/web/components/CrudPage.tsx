import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import { Alert, Button, Divider, Drawer, Group, Select, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toastOutcome } from '../lib/use-mutation-with-toast';
import { IconPlus } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useState } from 'react';
import type { z } from 'zod';
import type { ApiFailure } from '../api/api';
import { pointerErrors, zodValidate } from '../lib/zod-form';
import { ConfirmButton } from './ConfirmButton';
import { DataGrid, type GridColumn, type GridState } from './DataGrid';
import { EntityPicker, type Option, type Picker } from './EntityPicker';
import { FieldInput, type FieldSpec, type FormValues, toFormValue, toWireValue } from './FieldInput';
import { PAGE_SIZE } from '../lib/paging';

interface FilterSpec {
  name: string;
  label: string;
  /** A short fixed list… */
  options?: Option[];
  /** …or records of any number, searched on the server as the user types. */
  source?: Picker;
}

type Page<T> = { data: { list: T[]; count: number } };

/**
 * The RTK Query endpoints of a feature that the grid calls (see api/crud.ts). The grid sends
 * what its search, sort and filters hold; the server checks it.
 */
interface ListEndpoint<T> {
  useQuery(query: Record<string, unknown>): { data?: Page<T>; isFetching: boolean; error?: unknown };
  useLazyQuery(): readonly [(query: never) => { unwrap(): Promise<Page<T>> }, ...unknown[]];
}
/** A write: create takes the body, update `{ id, body }`, delete the id. */
interface WriteEndpoint<A> {
  useMutation(): readonly [(arg: A) => { unwrap(): Promise<unknown> }, { isLoading: boolean }];
}

/** What the drawer shows under a record as its history; the console frame fills it in. */
export const RecordHistory = createContext<((entity: string, id: string | number) => ReactNode) | null>(null);

interface CrudConfig<T> {
  title: string;
  /** Singular noun for buttons and messages. */
  noun: string;
  /** Audit log entity of the records. */
  entity: string;
  list: ListEndpoint<T>;
  create?: WriteEndpoint<never>;
  update?: WriteEndpoint<{ id: number; body: never }>;
  remove?: WriteEndpoint<number>;
  idOf: (row: T) => number;
  columns: GridColumn<T>[];
  fields: FieldSpec[];
  createSchema?: z.ZodType;
  updateSchema?: z.ZodType;
  filters?: FilterSpec[];
  /** Extra content of the detail drawer (actions such as approve, tokens). */
  extra?: (row: T, close: () => void) => ReactNode;
  /** Replaces the generic form (e.g. the markup form with its preview). */
  form?: (props: { row: T | null; close: () => void }) => ReactNode;
  emptyText?: string;
  /** Records without an audit trail of their own (the log itself, e-mails, prices). */
  noHistory?: boolean;
  /** The record's id in the audit log when it is not the row id (e.g. "warehouse:product"). */
  auditIdOf?: (row: T) => string | number;
}

/** Stands in for a write the area does not offer (the form then has no Save or Delete). */
const none = {
  useMutation: () =>
    [() => ({ unwrap: () => Promise.reject(new Error('Not offered')) }), { isLoading: false }] as const,
};

/** Every page of a list, for the CSV export (at most 5,000 rows). */
async function fetchAll<T>(fetchPage: (query: never) => { unwrap(): Promise<Page<T>> }, query: object) {
  const rows: T[] = [];
  for (let page = 0; page < 50; page++) {
    const res = await fetchPage({ ...query, page, pageSize: 100 } as never).unwrap();
    rows.push(...res.data.list);
    if (rows.length >= res.data.count || res.data.list.length === 0) break;
  }
  return rows;
}

/** A back-office area: the data grid, and a drawer with the record's form and history. */
export function CrudPage<T>({ config }: { config: CrudConfig<T> }) {
  const [state, setState] = useState<GridState>({ page: 0, pageSize: PAGE_SIZE });
  const [filters, setFilters] = useState<Record<string, string | null>>({});
  const [open, setOpen] = useState<{ row: T | null } | null>(null);
  const history = useContext(RecordHistory);
  const query = { ...state, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) };
  const { data: page, isFetching, error } = config.list.useQuery(query);
  const [fetchPage] = config.list.useLazyQuery();
  const close = () => setOpen(null);

  const toolbar = (
    <>
      {config.filters?.map((f) => {
        const filter = {
          'aria-label': f.label,
          placeholder: f.label,
          value: filters[f.name] ?? null,
          onChange: (v: string | null) => {
            setFilters({ ...filters, [f.name]: v });
            setState({ ...state, page: 0 });
          },
          w: 180,
        };
        return f.source ? (
          <EntityPicker key={f.name} source={f.source} nullable {...filter} />
        ) : (
          <Select key={f.name} data={f.options ?? []} clearable {...filter} />
        );
      })}
      {config.create && (
        <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ row: null })}>
          New {config.noun}
        </Button>
      )}
    </>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        {config.title}
      </Title>
      <DataGrid<T>
        label={config.title}
        columns={config.columns}
        rows={page?.data.list}
        count={page?.data.count ?? 0}
        loading={isFetching}
        error={error ? ((error as ApiFailure).message ?? 'The list could not be loaded.') : null}
        state={state}
        onState={setState}
        rowKey={config.idOf}
        onRowClick={(row) => setOpen({ row })}
        toolbar={toolbar}
        exportRows={() => fetchAll(fetchPage, query)}
        emptyText={config.emptyText}
      />
      <Drawer
        opened={!!open}
        onClose={close}
        position="right"
        size="lg"
        title={open?.row ? `${config.noun} #${config.idOf(open.row)}` : `New ${config.noun}`}
      >
        {open &&
          (config.form ? (
            config.form({ row: open.row, close })
          ) : (
            <RecordForm config={config} row={open.row} close={close} />
          ))}
        {open?.row && config.extra?.(open.row, close)}
        {open?.row && !config.noHistory && history && (
          <>
            <Divider my="lg" label="History" labelPosition="left" />
            {history(config.entity, (config.auditIdOf ?? config.idOf)(open.row))}
          </>
        )}
      </Drawer>
    </Stack>
  );
}

function RecordForm<T>({ config, row, close }: { config: CrudConfig<T>; row: T | null; close: () => void }) {
  const write = row ? config.update : config.create;
  const [failure, setFailure] = useState<string | null>(null);
  const fields = config.fields.filter((f) => row === null || !f.createOnly);
  const schema = row ? config.updateSchema : config.createSchema;
  const wire = (values: FormValues) =>
    Object.fromEntries(
      fields.map((f) => [f.name, toWireValue(f, values[f.name])]).filter(([, v]) => v !== undefined),
    );
  const form = useForm<FormValues>({
    initialValues: Object.fromEntries(
      fields.map((f) => [f.name, toFormValue(f, row ? (row as Record<string, unknown>)[f.name] : undefined)]),
    ),
    validate: (values) => (schema ? zodValidate(schema)(wire(values)) : {}),
    validateInputOnBlur: true,
  });
  const [create, creating] = (config.create ?? none).useMutation();
  const [update, updating] = (config.update ?? none).useMutation();
  const [remove] = (config.remove ?? none).useMutation();

  const submit = form.onSubmit(async (values) => {
    if (!write) return;
    setFailure(null);
    // The body is what the fields hold, checked against the contract's schema above.
    const body = wire(values) as never;
    // A refusal is shown beside the fields it names.
    const res = await toastOutcome(row ? update({ id: config.idOf(row), body }) : create(body), {
      success: `${config.noun} saved`,
      failure: null,
    });
    if (res.ok) return close();
    form.setErrors(pointerErrors(res.problem));
    setFailure(res.problem.message);
  });

  const removeRow = async () => {
    if (!row || !config.remove) return;
    const res = await toastOutcome(remove(config.idOf(row)), {
      success: `${config.noun} deleted`,
      failure: null,
    });
    if (res.ok) close();
    else setFailure(res.problem.message);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <Alert color="red">{failure}</Alert>}
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} form={form} />
        ))}
        <Group justify="space-between">
          {write ? (
            <Button type="submit" loading={creating.isLoading || updating.isLoading}>
              Save
            </Button>
          ) : (
            <span />
          )}
          {row && config.remove && (
            <ConfirmButton
              color="red"
              variant="light"
              title={`Delete this ${config.noun.toLowerCase()}?`}
              message="This cannot be undone."
              confirmLabel="Delete"
              onConfirm={removeRow}
            >
              Delete
            </ConfirmButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}
