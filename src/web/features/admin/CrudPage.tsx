import { Alert, Button, Divider, Drawer, Group, Select, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import type { ApiFailure } from '../../api/api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataGrid, type GridColumn, type GridState } from '../../components/DataGrid';
import { pointerErrors, zodValidate } from '../../lib/zod-form';
import { fetchAll, useAdminMutation, useAdminQuery } from './admin.api';
import {
  FieldInput,
  type FieldSpec,
  type FormValues,
  type Option,
  toFormValue,
  toWireValue,
} from './admin-fields';
import type { AdminKey } from './admin.registry';
import { AuditTrail } from './AuditTrail';
import { EntityPicker, type PickerSource } from './EntityPicker';

export interface FilterSpec {
  name: string;
  label: string;
  /** A short fixed list… */
  options?: Option[];
  /** …or records of any number, searched on the server as the user types. */
  source?: PickerSource;
}

export interface CrudConfig<T> {
  title: string;
  /** Singular noun for buttons and messages. */
  noun: string;
  /** Audit log entity of the records. */
  entity: string;
  listKey: AdminKey;
  createKey?: AdminKey;
  updateKey?: AdminKey;
  deleteKey?: AdminKey;
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

/** A back-office area: the data grid, and a drawer with the record's form and history. */
export function CrudPage<T>({ config }: { config: CrudConfig<T> }) {
  const [state, setState] = useState<GridState>({ page: 0, pageSize: 15 });
  const [filters, setFilters] = useState<Record<string, string | null>>({});
  const [open, setOpen] = useState<{ row: T | null } | null>(null);
  const query = { ...state, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) };
  const { data, isFetching, error } = useAdminQuery(config.listKey, { query });
  const page = data as { data: { list: T[]; count: number } } | undefined;
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
      {config.createKey && (
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
        exportRows={() => fetchAll(config.listKey, query) as Promise<T[]>}
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
        {open?.row && !config.noHistory && (
          <>
            <Divider my="lg" label="History" labelPosition="left" />
            <AuditTrail entity={config.entity} entityId={(config.auditIdOf ?? config.idOf)(open.row)} />
          </>
        )}
      </Drawer>
    </Stack>
  );
}

function RecordForm<T>({ config, row, close }: { config: CrudConfig<T>; row: T | null; close: () => void }) {
  const [run, { isLoading }] = useAdminMutation();
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
  const key = row ? config.updateKey : config.createKey;

  const submit = form.onSubmit(async (values) => {
    if (!key) return;
    setFailure(null);
    try {
      await run(key, { body: wire(values) as never, ...(row && { params: { id: config.idOf(row) } }) });
      notifications.show({ color: 'green', message: `${config.noun} saved` });
      close();
    } catch (error) {
      const failure = error as ApiFailure;
      form.setErrors(pointerErrors(failure));
      setFailure(failure.message);
    }
  });

  const remove = async () => {
    if (!row || !config.deleteKey) return;
    try {
      await run(config.deleteKey, { params: { id: config.idOf(row) } });
      notifications.show({ color: 'green', message: `${config.noun} deleted` });
      close();
    } catch (error) {
      setFailure((error as ApiFailure).message);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <Alert color="red">{failure}</Alert>}
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} form={form} />
        ))}
        <Group justify="space-between">
          {key ? (
            <Button type="submit" loading={isLoading}>
              Save
            </Button>
          ) : (
            <span />
          )}
          {row && config.deleteKey && (
            <ConfirmButton
              color="red"
              variant="light"
              title={`Delete this ${config.noun.toLowerCase()}?`}
              message="This cannot be undone."
              confirmLabel="Delete"
              onConfirm={remove}
            >
              Delete
            </ConfirmButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}
