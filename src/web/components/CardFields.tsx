// The card provider's hosted card field, as the shop uses it: the number, expiry and CVC go to
// the provider (POST /api/v1/vendor/cardpay/token), which answers a single-use token; only that
// token goes into a payment or a saved card. Like the provider's own widget it is shared by every
// form that takes a card, which is why it lives with the shared components.
import '@mantine/core/styles/NumberInput.layer.css';
import { Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMemo, useRef } from 'react';
import type { z } from 'zod';
import { tokenizeCard as tokenizeEndpoint } from '../../contract/payments';
import { type ApiProblem, call, newIdempotencyKey } from '../api/client';

export interface CardValues {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

type CardTokenAnswer = z.output<typeof tokenizeEndpoint.response>;

export const emptyCard = (): CardValues => ({
  number: '',
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '',
});

/** The card as the provider takes it (spaces dropped from the number). */
const cardOf = (v: CardValues) => ({
  number: v.number.replace(/\s/g, ''),
  expMonth: v.expMonth,
  expYear: v.expYear,
  cvc: v.cvc,
});

/** Field checks before a card goes anywhere; the provider decides the rest (declines, expiry). */
export const cardRules = {
  number: (v: string) => (v.replace(/\s/g, '').length < 12 ? 'Enter the card number' : null),
  cvc: (v: string) => (/^\d{3,4}$/.test(v) ? null : 'Enter the 3 or 4 digit code'),
};

/** The provider's refusal of a card (/body/card/number …) as errors of the card fields. */
export function cardFieldErrors(
  problem: Pick<ApiProblem, 'errors'>,
): Partial<Record<keyof CardValues, string>> {
  const out: Partial<Record<keyof CardValues, string>> = {};
  for (const e of problem.errors ?? []) {
    const field = e.pointer.match(/^\/body\/card\/(number|expMonth|expYear|cvc)$/)?.[1];
    if (field) out[field as keyof CardValues] = e.detail;
  }
  return out;
}

/**
 * One attempt at a payment: its Idempotency-Key and the card token it spends. A retry after
 * the server could not be reached is the same attempt (same key, same token: the server replays
 * the first answer); once the server has answered, the next attempt has a new key and tokenizes
 * the card again (a token pays once).
 */
export function usePaymentAttempt() {
  const attempt = useRef<{ key: string; card?: string; token?: CardTokenAnswer }>({
    key: newIdempotencyKey(),
  });
  return useMemo(
    () => ({
      key: () => attempt.current.key,
      /** The token of this attempt's card; `companyId`: finance entering a customer's card. */
      async cardToken(values: CardValues, companyId?: number): Promise<CardTokenAnswer> {
        const card = cardOf(values);
        const fingerprint = JSON.stringify([card, companyId]);
        const a = attempt.current;
        if (a.token && a.card === fingerprint) return a.token;
        a.token = await call(tokenizeEndpoint, { body: { card, companyId } });
        a.card = fingerprint;
        return a.token;
      },
      /** The server answered (`problem`: how it refused) or could not be reached (status 0). */
      finish(problem?: Pick<ApiProblem, 'status'>) {
        if (problem?.status === 0) return;
        attempt.current = { key: newIdempotencyKey() };
      },
    }),
    [],
  );
}

/** Number, expiry and CVC of a card; `inputProps` binds each to the caller's form. */
export function CardFields({
  inputProps,
}: {
  inputProps: (field: keyof CardValues) => GetInputPropsReturnType;
}) {
  return (
    <Stack gap="xs" data-testid="card-fields">
      <TextInput
        label="Card number"
        placeholder="4242 4242 4242 4242"
        autoComplete="cc-number"
        inputMode="numeric"
        maw={280}
        {...inputProps('number')}
      />
      <Group align="start" gap="sm" wrap="nowrap">
        <NumberInput label="Month" min={1} max={12} w={80} allowDecimal={false} {...inputProps('expMonth')} />
        <NumberInput
          label="Year"
          min={2024}
          max={2100}
          w={100}
          allowDecimal={false}
          {...inputProps('expYear')}
        />
        <TextInput label="CVC" w={80} autoComplete="cc-csc" inputMode="numeric" {...inputProps('cvc')} />
      </Group>
    </Stack>
  );
}
