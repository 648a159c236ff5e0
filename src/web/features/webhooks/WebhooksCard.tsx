import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import { Alert, Badge, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { WebhookEndpoint } from '../../../contract/webhooks';
import { errorMessage } from '../../api/client';
import { ConfirmButton } from '../../components/ConfirmButton';
import { dateTime } from '../../lib/format';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookForm, type WebhookValues } from './WebhookForm';
import { WebhookSecret } from './WebhookSecret';
import { endpointStatusColor, eventChoices } from './webhook-words';
import {
  useCreateWebhookEndpointMutation,
  useDeleteWebhookEndpointMutation,
  useRotateWebhookSecretMutation,
  useUpdateWebhookEndpointMutation,
  useWebhookEndpointsQuery,
} from './webhooks.api';

/** A secret the server answered this once, and the endpoint it belongs to. */
interface ShownSecret {
  endpointId: number;
  secret: string;
  /** After a rotation: until when the old secret signs too (undefined for a new endpoint). */
  previousUntil?: string | null;
}

/** The account page's section for the company admin: the company's webhook endpoints. */
export function WebhooksCard() {
  const { data, isLoading, error } = useWebhookEndpointsQuery();
  const [create] = useMutationWithToast(useCreateWebhookEndpointMutation());
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const add = async (values: WebhookValues) => {
    const res = await create(values, { success: 'Endpoint added.', failure: null });
    if (res.ok) {
      setAdding(false);
      setShown({ endpointId: res.data.endpoint.id, secret: res.data.secret });
    }
    return res;
  };
  const newSecret = shown && shown.previousUntil === undefined ? shown : null;
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between" align="start">
          <div style={{ flex: '1 1 20rem' }}>
            <Title order={2} size="h4">
              Webhooks
            </Title>
            <Text size="sm" c="dimmed">
              Tread tells your company's own systems, such as your ERP, when an order is placed, approved,
              shipped or delivered, an invoice is issued, a return changes or a refund is paid out: a signed
              POST to your URL for every event you choose (Standard Webhooks).
            </Text>
          </div>
          {!adding && data && (
            <Button
              onClick={() => {
                setAdding(true);
                setShown(null);
              }}
            >
              Add endpoint
            </Button>
          )}
        </Group>
        {isLoading && <Loader size="sm" aria-label="Loading webhook endpoints" />}
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        {adding && (
          <Paper withBorder p="md">
            <Title order={3} size="h5" mb="sm">
              New endpoint
            </Title>
            <WebhookForm submitLabel="Add endpoint" onSubmit={add} onCancel={() => setAdding(false)} />
          </Paper>
        )}
        {newSecret && <WebhookSecret secret={newSecret.secret} onDone={() => setShown(null)} />}
        {data?.length === 0 && !adding && (
          <Text size="sm" data-testid="webhooks-empty">
            No endpoints yet. Add one to have orders, invoices, returns and refunds arrive in your ERP as they
            happen, instead of exporting them by hand.
          </Text>
        )}
        {data?.map((e) => (
          <EndpointItem
            key={e.id}
            endpoint={e}
            rotated={shown?.endpointId === e.id && shown.previousUntil !== undefined ? shown : null}
            onRotated={setShown}
            onDismissSecret={() => setShown(null)}
            onOpenLog={() => setLog(e)}
          />
        ))}
      </Stack>
      {log && <WebhookDeliveries endpoint={log} onClose={() => setLog(null)} />}
    </Card>
  );
}

interface ItemProps {
  endpoint: WebhookEndpoint;
  rotated: ShownSecret | null;
  onRotated: (s: ShownSecret) => void;
  onDismissSecret: () => void;
  onOpenLog: () => void;
}

function EndpointItem({ endpoint: e, rotated, onRotated, onDismissSecret, onOpenLog }: ItemProps) {
  const [editing, setEditing] = useState(false);
  const [update, { isLoading: updating }] = useMutationWithToast(useUpdateWebhookEndpointMutation());
  const [rotate] = useMutationWithToast(useRotateWebhookSecretMutation());
  const [remove] = useMutationWithToast(useDeleteWebhookEndpointMutation());
  const paused = e.status === 'disabled';
  const save = async (values: WebhookValues) => {
    const res = await update({ id: e.id, ...values }, { success: 'Endpoint saved.', failure: null });
    if (res.ok) setEditing(false);
    return res;
  };
  const rotateSecret = async () => {
    const res = await rotate(e.id, { success: 'New signing secret made.' });
    if (res.ok)
      onRotated({
        endpointId: e.id,
        secret: res.data.secret,
        previousUntil: res.data.endpoint.previousSecretUntil,
      });
  };
  return (
    <Paper withBorder p="md" role="article" aria-label={`Endpoint ${e.url}`}>
      {editing ? (
        <WebhookForm
          submitLabel="Save endpoint"
          initial={{ url: e.url, description: e.description, events: e.events }}
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="start">
            <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {e.url}
            </Text>
            <Badge color={endpointStatusColor[e.status]} variant="light" style={{ flexShrink: 0 }}>
              {e.status}
            </Badge>
          </Group>
          {e.description && <Text size="sm">{e.description}</Text>}
          <Group gap={6}>
            {eventChoices
              .filter((c) => e.events.includes(c.type))
              .map((c) => (
                <Badge key={c.type} variant="outline" color="gray" tt="none" title={c.label}>
                  {c.type}
                </Badge>
              ))}
          </Group>
          <Text size="xs" c="dimmed">
            Secret {e.secretHint}
            {e.previousSecretUntil &&
              ` · the previous secret signs too until ${dateTime(e.previousSecretUntil)}`}
            {e.failingSince && ` · failing since ${dateTime(e.failingSince)}`}
            {paused && ' · paused: no new events are sent'}
          </Text>
          {rotated && (
            <WebhookSecret
              secret={rotated.secret}
              previousUntil={rotated.previousUntil}
              onDone={onDismissSecret}
            />
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onOpenLog}>
              Delivery log
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={updating}
              onClick={() =>
                update(
                  { id: e.id, enabled: paused },
                  { success: paused ? 'Endpoint resumed.' : 'Endpoint paused: no new events are sent.' },
                )
              }
            >
              {paused ? 'Resume' : 'Pause'}
            </Button>
            <ConfirmButton
              size="xs"
              variant="default"
              color="orange"
              title="Rotate the signing secret?"
              message="A new secret is made and shown once. For 24 hours deliveries carry a signature by the old secret too, so your receiver keeps working while you change it."
              confirmLabel="Rotate secret"
              onConfirm={rotateSecret}
            >
              Rotate secret
            </ConfirmButton>
            <ConfirmButton
              size="xs"
              variant="light"
              color="red"
              title="Remove this endpoint?"
              message={`Nothing more is sent to ${e.url}, and its delivery log is deleted.`}
              confirmLabel="Remove endpoint"
              onConfirm={async () => {
                await remove(e.id, { success: 'Endpoint removed.' });
              }}
            >
              Remove
            </ConfirmButton>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
