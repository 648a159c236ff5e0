import { Button, Group, NumberInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import type { CheckoutBody } from '../../../contract/orders';
import { formatCents } from '../../../domain/money';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useCompanyPaymentQuery } from './cart.api';
import { checkout } from './cart.slice';

interface Values {
  method: 'card' | 'saved' | 'account' | 'finpay';
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  sourceId: string | null;
  token: string;
  poNumber: string;
}

function bodyOf(v: Values): CheckoutBody {
  const poNumber = v.poNumber.trim() || undefined;
  if (v.method === 'saved') return { paymentMethod: 'card', sourceId: Number(v.sourceId), poNumber };
  if (v.method === 'account') return { paymentMethod: 'account', poNumber };
  if (v.method === 'finpay') return { paymentMethod: 'finpay', token: v.token.trim(), poNumber };
  return {
    paymentMethod: 'card',
    card: { number: v.number.replace(/\s/g, ''), expMonth: v.expMonth, expYear: v.expYear, cvc: v.cvc },
    poNumber,
  };
}

/** Payment choice: a card (test numbers of the sandbox), a saved card, the company account, financing. */
export function PaymentForm({ orderId }: { orderId: number }) {
  const dispatch = useAppDispatch();
  const checkoutLoading = useAppSelector((s) => s.cart.checkoutLoading);
  const company = useCompanyPaymentQuery();
  // One key per attempt of this form: a double click or a retry after a network error replays, never charges twice.
  const key = useRef(crypto.randomUUID());
  const form = useForm<Values>({
    initialValues: {
      method: 'card',
      number: '',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '',
      sourceId: null,
      token: '',
      poNumber: '',
    },
    validate: {
      number: (v, all) =>
        all.method === 'card' && v.replace(/\s/g, '').length < 12 ? 'Enter the card number' : null,
      cvc: (v, all) => (all.method === 'card' && !/^\d{3,4}$/.test(v) ? 'Enter the 3 or 4 digit code' : null),
      sourceId: (v, all) => (all.method === 'saved' && !v ? 'Choose a saved card' : null),
      token: (v, all) =>
        all.method === 'finpay' && v.trim().length < 4 ? 'Enter the financing approval token' : null,
    },
  });
  const submit = async (v: Values) => {
    const result = await dispatch(checkout({ ...bodyOf(v), orderId, idempotencyKey: key.current }));
    if (checkout.rejected.match(result)) key.current = crypto.randomUUID();
  };
  const p = company.data;
  const method = form.values.method;
  return (
    <form onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <Radio.Group label="Pay with" {...form.getInputProps('method')}>
          <Group mt="xs">
            <Radio value="card" label="Card" />
            {p && p.sources.length > 0 && <Radio value="saved" label="Saved card" />}
            {p?.methods.includes('account') && <Radio value="account" label="On account" />}
            <Radio value="finpay" label="Financing (finpay)" />
          </Group>
        </Radio.Group>
        {method === 'card' && (
          <Group align="start" wrap="wrap">
            <TextInput
              label="Card number"
              placeholder="4242 4242 4242 4242"
              autoComplete="cc-number"
              w={220}
              {...form.getInputProps('number')}
            />
            <NumberInput
              label="Month"
              min={1}
              max={12}
              w={80}
              allowDecimal={false}
              {...form.getInputProps('expMonth')}
            />
            <NumberInput
              label="Year"
              min={2024}
              max={2100}
              w={100}
              allowDecimal={false}
              {...form.getInputProps('expYear')}
            />
            <TextInput label="CVC" w={80} autoComplete="cc-csc" {...form.getInputProps('cvc')} />
          </Group>
        )}
        {method === 'saved' && p && (
          <Select
            label="Saved card"
            data={p.sources.map((s) => ({
              value: String(s.sourceId),
              label: `${s.brand} •••• ${s.last4} (${s.expMonth}/${s.expYear})`,
            }))}
            {...form.getInputProps('sourceId')}
          />
        )}
        {method === 'account' && p && (
          <Text size="sm">
            Net {p.paymentTermsDays} terms · available credit {formatCents(p.availableCreditCents)} of{' '}
            {formatCents(p.creditLimitCents)}
          </Text>
        )}
        {method === 'finpay' && (
          <TextInput label="Financing approval token" {...form.getInputProps('token')} />
        )}
        <TextInput label="PO number (optional)" maxLength={60} w={240} {...form.getInputProps('poNumber')} />
        <Button type="submit" size="md" loading={checkoutLoading}>
          Place order
        </Button>
      </Stack>
    </form>
  );
}
