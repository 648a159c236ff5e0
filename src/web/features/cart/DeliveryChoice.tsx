import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Cart } from '../../../contract/order-shapes';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { useInstallersQuery, useValidateAddressMutation } from './cart.api';
import { putShipping } from './cart.slice';
import { useDeliveryTerms } from './delivery-terms';

type Address = NonNullable<Cart['delivery']['address']>;

/** How the address rule's fields read in a sentence to the buyer. */
const fieldNames: Partial<Record<string, string>> = { address1: 'street', zip: 'ZIP code' };

/** Delivery to the location's ZIP, another address (validated on the server) or an installer. */
export function DeliveryChoice({ cart }: { cart: Cart }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((s) => s.cart.loading);
  const [kind, setKind] = useState(cart.delivery.kind);
  // Installers nearest a ZIP the buyer may type (by default the current location's), with miles.
  const [near, setNear] = useState('');
  const nearZip = /^\d{5}$/.test(near) ? near : undefined;
  const installers = useInstallersQuery({ zip: nearZip }, { skip: kind !== 'installer' });
  const form = useForm({
    initialValues: cart.delivery.address ?? { name: '', address1: '', city: '', state: '', zip: '' },
  });
  const [validate, validating] = useValidateAddressMutation();
  const [suggestion, setSuggestion] = useState<Address | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const use = (a: Address) => {
    setSuggestion(null);
    form.setValues(a);
    dispatch(putShipping({ kind: 'address', address: a }));
  };
  /** Checked by the shop's address rule first: a correction is shown, an invalid field marked. */
  const submit = async (entered: Address) => {
    setSuggestion(null);
    setProblem(null);
    const res = await validate(entered);
    if (!('data' in res) || !res.data) return;
    const v = res.data.data;
    const shape = (a: typeof v.address): Address => ({
      name: entered.name,
      address1: a.address1,
      city: a.city,
      state: a.state,
      zip: a.zip,
    });
    if (v.status === 'invalid') {
      // The field is marked; the sentence goes under the row, where it has room to be read.
      form.setFieldError(v.field, true);
      setProblem(`The ${fieldNames[v.field] ?? v.field} ${v.detail}`);
    } else if (v.status === 'corrected') setSuggestion(shape(v.suggestion));
    else use(shape(v.address));
  };
  // The installer the cart goes to stays named when it is not among those listed near the ZIP
  // (farther than the list reaches): by the name its delivery terms answer.
  const terms = useDeliveryTerms();
  const chosen = cart.delivery.installerLocationId;
  const withChosen = (options: { value: string; label: string }[]) =>
    chosen &&
    !options.some((o) => o.value === String(chosen)) &&
    terms?.delivery.installerLocationId === chosen
      ? [{ value: String(chosen), label: terms.delivery.name ?? `Installer ${chosen}` }, ...options]
      : options;
  const choose = (value: string) => {
    setKind(value as Cart['delivery']['kind']);
    if (value === 'location') dispatch(putShipping({ kind: 'location' }));
  };
  return (
    <Stack gap="sm">
      <Radio.Group label="Deliver to" value={kind} onChange={choose}>
        <Group mt="xs">
          <Radio value="location" label="My location" />
          <Radio value="address" label="Another address" />
          <Radio value="installer" label="An installer" />
        </Group>
      </Radio.Group>
      {kind === 'address' && (
        <form onSubmit={form.onSubmit(submit)}>
          <Group align="end" wrap="wrap">
            <TextInput label="Name" {...form.getInputProps('name')} required />
            <TextInput label="Street" {...form.getInputProps('address1')} required />
            <TextInput label="City" {...form.getInputProps('city')} required />
            <TextInput label="State" maxLength={2} w={70} {...form.getInputProps('state')} required />
            <TextInput label="ZIP" maxLength={10} w={110} {...form.getInputProps('zip')} required />
            <Button type="submit" variant="light" loading={busy || validating.isLoading}>
              Use this address
            </Button>
          </Group>
          {problem && (
            <Text mt="xs" size="sm" c="red" role="alert">
              {problem}
            </Text>
          )}
          {suggestion && (
            <Alert mt="sm" color="yellow" title="Did you mean this address?" data-testid="address-suggestion">
              <Text size="sm">
                {suggestion.address1}, {suggestion.city}, {suggestion.state} {suggestion.zip}
              </Text>
              <Group mt="xs" gap="xs">
                <Button size="xs" onClick={() => use(suggestion)}>
                  Use this address
                </Button>
                <Button size="xs" variant="default" onClick={() => setSuggestion(null)}>
                  Edit mine
                </Button>
              </Group>
            </Alert>
          )}
        </form>
      )}
      {kind === 'installer' && (
        <TextInput
          label="Installers near ZIP"
          description="Empty: your location's"
          maxLength={5}
          w={200}
          inputMode="numeric"
          value={near}
          onChange={(e) => setNear(e.currentTarget.value.replace(/\D/g, ''))}
        />
      )}
      {kind === 'installer' && (
        <Select
          label="Installer"
          placeholder={installers.isLoading ? 'Loading installers…' : 'Choose an installer'}
          data={withChosen(
            (installers.data?.list ?? []).map((l) => ({
              value: String(l.locationId),
              label: `${l.miles !== null ? `${l.miles} mi · ` : ''}${l.companyName} – ${l.address}, ${l.city}, ${l.state}`,
            })),
          )}
          value={cart.delivery.installerLocationId ? String(cart.delivery.installerLocationId) : null}
          onChange={(v) => v && dispatch(putShipping({ kind: 'installer', installerLocationId: Number(v) }))}
          nothingFoundMessage="No installer nearby"
        />
      )}
      <Text size="sm" c="dimmed">
        Delivery ZIP: {cart.delivery.zip ?? 'not set'}
      </Text>
    </Stack>
  );
}
