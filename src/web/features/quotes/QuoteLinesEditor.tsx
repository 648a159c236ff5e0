import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import {
  ActionIcon,
  Button,
  Checkbox,
  Collapse,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { speedIndexes } from '../../../domain/tire-size';
import {
  blankLine,
  type ConstraintsDraft,
  type FieldError,
  type LineDraft,
  type LineKind,
  quantityProblem,
} from './quote-line-drafts';
import {
  useChainMakesQuery,
  useChainModelsQuery,
  useChainOptionsQuery,
  useChainYearsQuery,
} from './vehicle-chain.api';

const asData = (list: { value: string; label: string }[] | undefined) =>
  (list ?? []).map(({ value, label }) => ({ value, label }));

/** Year → make → model → option, each list fetched once the one before is chosen. */
function VehicleChain({
  n,
  value,
  onChange,
  error,
}: {
  n: number;
  value: LineDraft['vehicle'];
  onChange: (v: LineDraft['vehicle']) => void;
  error?: string;
}) {
  const years = useChainYearsQuery();
  const makes = useChainMakesQuery({ year: value.year }, { skip: !value.year });
  const models = useChainModelsQuery({ year: value.year, make: value.make }, { skip: !value.make });
  const options = useChainOptionsQuery(
    { year: value.year, make: value.make, model: value.model },
    { skip: !value.model },
  );
  return (
    <>
      <Select
        label={`Line ${n}: year`}
        placeholder="Year"
        data={asData(years.data)}
        value={value.year || null}
        onChange={(v) => onChange({ year: v ?? '', make: '', model: '', option: '' })}
        searchable
        error={error}
        w={110}
      />
      <Select
        label="Make"
        placeholder="Make"
        data={asData(makes.data)}
        value={value.make || null}
        onChange={(v) => onChange({ ...value, make: v ?? '', model: '', option: '' })}
        disabled={!value.year}
        searchable
        w={150}
      />
      <Select
        label="Model"
        placeholder="Model"
        data={asData(models.data)}
        value={value.model || null}
        onChange={(v) => onChange({ ...value, model: v ?? '', option: '' })}
        disabled={!value.make}
        searchable
        w={150}
      />
      <Select
        label="Option"
        placeholder="Option"
        data={asData(options.data)}
        value={value.option || null}
        onChange={(v) => onChange({ ...value, option: v ?? '' })}
        disabled={!value.model}
        searchable
        w={170}
      />
    </>
  );
}

function ConstraintsFields({
  n,
  value,
  onChange,
  fieldError,
}: {
  n: number;
  value: ConstraintsDraft;
  onChange: (patch: Partial<ConstraintsDraft>) => void;
  fieldError: (field: string) => string | undefined;
}) {
  return (
    <Group align="flex-end" wrap="wrap">
      <TagsInput
        label={`Line ${n}: brands`}
        placeholder="Any brand (Enter after each)"
        value={value.brands}
        onChange={(brands) => onChange({ brands })}
        maxTags={20}
        error={fieldError('constraints/brands')}
        w={220}
      />
      <TagsInput
        label="Categories"
        placeholder="Any category"
        value={value.categories}
        onChange={(categories) => onChange({ categories })}
        maxTags={20}
        error={fieldError('constraints/categories')}
        w={200}
      />
      <NumberInput
        label="Min. load index"
        min={50}
        max={150}
        value={value.minLoadIndex}
        onChange={(v) => onChange({ minLoadIndex: v === '' ? '' : Number(v) })}
        error={fieldError('constraints/minLoadIndex')}
        w={130}
      />
      <Select
        label="Min. speed rating"
        placeholder="Any"
        data={[...speedIndexes]}
        value={value.minSpeedRating}
        onChange={(minSpeedRating) => onChange({ minSpeedRating })}
        clearable
        error={fieldError('constraints/minSpeedRating')}
        w={130}
      />
      <NumberInput
        label="Budget per tire ($)"
        min={1}
        decimalScale={2}
        value={value.budgetDollars}
        onChange={(v) => onChange({ budgetDollars: v === '' ? '' : Number(v) })}
        error={fieldError('constraints/budgetCents')}
        w={150}
      />
      <TextInput
        type="date"
        label="Deliver by"
        value={value.deliverBy}
        onChange={(e) => onChange({ deliverBy: e.currentTarget.value })}
        error={fieldError('constraints/deliverBy')}
        w={160}
      />
    </Group>
  );
}

/** The line requests of a new quote (the buyer's request and the console's form share it). */
export function QuoteLinesEditor({
  lines,
  setLines,
  fieldError,
}: {
  lines: LineDraft[];
  setLines: Dispatch<SetStateAction<LineDraft[]>>;
  fieldError: FieldError;
}) {
  const set = (i: number, patch: Partial<LineDraft>) =>
    setLines((ls) => ls.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  return (
    <Stack>
      {lines.map((line, i) => (
        <Paper key={line.key} withBorder p="sm">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <SegmentedControl
                aria-label={`Line ${i + 1}: ask by`}
                size="xs"
                value={line.kind}
                onChange={(kind) => set(i, { kind: kind as LineKind })}
                data={[
                  { value: 'size', label: 'Size' },
                  { value: 'vehicle', label: 'Vehicle' },
                  { value: 'mpn', label: 'MPN' },
                ]}
              />
              {lines.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => setLines((ls) => ls.filter((_, n) => n !== i))}
                >
                  ✕
                </ActionIcon>
              )}
            </Group>
            <Group align="flex-end" wrap="wrap">
              {line.kind === 'size' && (
                <TextInput
                  label={`Line ${i + 1}: tire size`}
                  placeholder="225/45R17"
                  value={line.size}
                  onChange={(e) => set(i, { size: e.currentTarget.value })}
                  error={fieldError(i, 'size')}
                  w={200}
                />
              )}
              {line.kind === 'vehicle' && (
                <VehicleChain
                  n={i + 1}
                  value={line.vehicle}
                  onChange={(vehicle) => set(i, { vehicle })}
                  error={fieldError(i, 'vehicle') ?? fieldError(i, 'size')}
                />
              )}
              {line.kind === 'mpn' && (
                <TextInput
                  label={`Line ${i + 1}: MPN`}
                  placeholder="Manufacturer part number"
                  value={line.mpn}
                  onChange={(e) => set(i, { mpn: e.currentTarget.value })}
                  error={fieldError(i, 'mpn') ?? fieldError(i, 'size')}
                  w={200}
                />
              )}
              <NumberInput
                label="Tires"
                min={1}
                max={1000}
                value={line.quantity}
                onChange={(v) => set(i, { quantity: v === '' ? '' : Number(v) })}
                error={fieldError(i, 'quantity') ?? quantityProblem(line)}
                w={100}
              />
              <Checkbox
                label="Road hazard"
                checked={line.roadHazard}
                onChange={(e) => set(i, { roadHazard: e.currentTarget.checked })}
                mb={8}
              />
            </Group>
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => set(i, { showConstraints: !line.showConstraints })}
                aria-expanded={line.showConstraints}
              >
                {line.showConstraints ? 'Hide constraints' : `Constraints for line ${i + 1}`}
              </Button>
            </Group>
            <Collapse expanded={line.showConstraints}>
              <ConstraintsFields
                n={i + 1}
                value={line.constraints}
                onChange={(patch) => set(i, { constraints: { ...line.constraints, ...patch } })}
                fieldError={(f) => fieldError(i, f)}
              />
            </Collapse>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() => setLines((ls) => [...ls, blankLine()])}
          disabled={lines.length >= 100}
        >
          Add a line
        </Button>
      </Group>
    </Stack>
  );
}
