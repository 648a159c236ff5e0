import { ActionIcon, Button, Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import type { QuoteItemInput } from '../../../contract/quotes';

/** One line request being typed: a size and how many tires. */
export interface LineDraft {
  key: number;
  size: string;
  quantity: number;
  roadHazard: boolean;
}

let nextKey = 0;
export const blankLine = (patch: Partial<Omit<LineDraft, 'key'>> = {}): LineDraft => ({
  key: nextKey++,
  size: '',
  quantity: 4,
  roadHazard: false,
  ...patch,
});

/** The lines as the create call takes them. */
export const linesInput = (lines: LineDraft[]): QuoteItemInput[] =>
  lines.map(({ key: _key, ...l }) => ({ ...l, size: l.size.trim() }));

/** A problem's message for a field of line i (`/body/items/i/field`), if any. */
export type FieldError = (i: number, field: string) => string | undefined;

export function fieldErrorOf(error: unknown): FieldError {
  const errors = (error as { errors?: { pointer?: string; detail?: string }[] } | undefined)?.errors;
  return (i, field) => errors?.find((e) => e.pointer === `/body/items/${i}/${field}`)?.detail;
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
        <Group key={line.key} align="flex-end" wrap="wrap">
          <TextInput
            label={`Line ${i + 1}: tire size`}
            placeholder="225/45R17"
            value={line.size}
            onChange={(e) => set(i, { size: e.currentTarget.value })}
            error={fieldError(i, 'size')}
            w={200}
          />
          <NumberInput
            label="Tires"
            min={1}
            max={1000}
            value={line.quantity}
            onChange={(v) => set(i, { quantity: Number(v) || 1 })}
            error={fieldError(i, 'quantity')}
            w={100}
          />
          <Checkbox
            label="Road hazard"
            checked={line.roadHazard}
            onChange={(e) => set(i, { roadHazard: e.currentTarget.checked })}
            mb={8}
          />
          {lines.length > 1 && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove line ${i + 1}`}
              onClick={() => setLines((ls) => ls.filter((_, n) => n !== i))}
              mb={4}
            >
              ✕
            </ActionIcon>
          )}
        </Group>
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
