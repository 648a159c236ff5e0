import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/dates/styles.layer.css';
import { MultiSelect, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { EntityMultiPicker, EntityPicker, type Option, type Picker } from './EntityPicker';

/** One field of a record form; the kind decides the input and the wire conversion. */
export interface FieldSpec {
  name: string;
  label: string;
  kind:
    | 'text'
    | 'textarea'
    | 'number'
    | 'money'
    | 'percent'
    | 'select'
    | 'multiselect'
    | 'switch'
    | 'datetime'
    | 'picker';
  options?: Option[];
  /** What a picker or multiselect searches (a feature's records): it sends the chosen ids. */
  source?: Picker;
  /** A select that may be left empty (sent as null). */
  nullable?: boolean;
  /** A picker whose "none" is a number on the wire (locationSupplierId 0 = not a supplier). */
  noneValue?: number;
  /** Shown only when creating (e.g. the company of a new user). */
  createOnly?: boolean;
  description?: string;
}

export type FormValues = Record<string, unknown>;

/** Wire value → form value: cents and basis points become dollars and percent, ids text. */
export function toFormValue(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'money':
    case 'percent':
      return typeof value === 'number' ? value / 100 : '';
    case 'select':
    case 'picker':
      return value === null || value === undefined || value === field.noneValue ? null : String(value);
    case 'multiselect':
      return Array.isArray(value) ? value.map(String) : [];
    case 'switch':
      return value ?? true;
    case 'datetime':
      return value ? new Date(String(value)) : null;
    case 'number':
      return value ?? '';
    default:
      return value ?? '';
  }
}

const numericOptions = (field: FieldSpec) => field.options?.every((o) => /^-?\d+$/.test(o.value)) ?? false;

/** Form value → wire value; an empty optional number is left out. */
export function toWireValue(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'money':
    case 'percent':
      return value === '' || value === null ? undefined : Math.round(Number(value) * 100);
    case 'number':
      return value === '' || value === null ? undefined : Number(value);
    case 'select':
      if (value === null || value === '') return field.nullable ? null : undefined;
      return numericOptions(field) ? Number(value) : value;
    case 'picker':
      if (value === null || value === '') return field.noneValue ?? (field.nullable ? null : undefined);
      return Number(value);
    case 'multiselect':
      return (value as string[]).map((v) => (field.source || numericOptions(field) ? Number(v) : v));
    case 'datetime':
      return value ? new Date(value as Date).toISOString() : field.nullable ? null : undefined;
    default:
      return value;
  }
}

export function FieldInput({ field, form }: { field: FieldSpec; form: UseFormReturnType<FormValues> }) {
  const common = { label: field.label, description: field.description, ...form.getInputProps(field.name) };
  switch (field.kind) {
    case 'textarea':
      return <Textarea autosize minRows={2} {...common} />;
    case 'number':
      return <NumberInput allowDecimal={false} {...common} />;
    case 'money':
      return <NumberInput prefix="$" decimalScale={2} fixedDecimalScale thousandSeparator="," {...common} />;
    case 'percent':
      return <NumberInput suffix=" %" decimalScale={2} {...common} />;
    case 'select':
      return <Select data={field.options ?? []} clearable={field.nullable} searchable {...common} />;
    case 'picker':
      return field.source ? (
        <EntityPicker source={field.source} nullable={field.nullable} {...common} />
      ) : null;
    case 'multiselect':
      return field.source ? (
        <EntityMultiPicker source={field.source} clearable {...common} />
      ) : (
        <MultiSelect data={field.options ?? []} searchable clearable {...common} />
      );
    case 'switch':
      return (
        <Switch
          label={field.label}
          description={field.description}
          {...form.getInputProps(field.name, { type: 'checkbox' })}
        />
      );
    case 'datetime':
      return <DateTimePicker clearable={field.nullable} valueFormat="YYYY-MM-DD HH:mm" {...common} />;
    default:
      return <TextInput {...common} />;
  }
}
