import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { WebhookEndpointInput } from '../../../contract/webhooks';
import type { WebhookEventType } from '../../../domain/webhook-events';
import type { Outcome } from '../../lib/use-mutation-with-toast';
import { pointerErrors, zodValidate } from '../../lib/zod-form';
import { eventChoices } from './webhook-words';

export interface WebhookValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

interface Props {
  initial?: WebhookValues;
  submitLabel: string;
  onSubmit: (values: WebhookValues) => Promise<Outcome<unknown>>;
  onCancel: () => void;
}

/** An endpoint's URL, description and events; the server's refusals land on the fields they name. */
export function WebhookForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<WebhookValues>({
    initialValues: initial ?? { url: '', description: '', events: [] },
    validate: zodValidate(WebhookEndpointInput),
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setProblem(null);
    const res = await onSubmit(values);
    setBusy(false);
    if (res.ok) return;
    // A pointer into the list (/body/events/2) belongs to the checkboxes as a whole.
    const fields: Record<string, string> = {};
    for (const [key, detail] of Object.entries(pointerErrors(res.problem)))
      fields[key.startsWith('events') ? 'events' : key] ??= detail;
    form.setErrors(fields);
    if (!Object.keys(fields).length) setProblem(res.problem.message);
  });
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        <TextInput
          label="URL"
          description="Where Tread POSTs each event, e.g. https://erp.example.com/hooks/tread"
          placeholder="https://"
          required
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Description"
          placeholder="e.g. ERP order import"
          {...form.getInputProps('description')}
        />
        <Checkbox.Group label="Events" required {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
            {eventChoices.map((e) => (
              <Checkbox
                key={e.type}
                value={e.type}
                label={e.label}
                description={
                  <Text span size="xs" ff="monospace">
                    {e.type}
                  </Text>
                }
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {problem && <Alert color="red">{problem}</Alert>}
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
