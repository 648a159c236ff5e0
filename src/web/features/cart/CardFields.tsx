import { Group, NumberInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export interface CardValues {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export const emptyCard = (): CardValues => ({
  number: '',
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '',
});

/** The card as the payment APIs take it (spaces dropped from the number). */
export const cardOf = (v: CardValues) => ({
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

/** Number, expiry and CVC of a card; `inputProps` binds each to the caller's form. */
export function CardFields({
  inputProps,
}: {
  inputProps: (field: keyof CardValues) => GetInputPropsReturnType;
}) {
  return (
    <Group align="start" wrap="wrap">
      <TextInput
        label="Card number"
        placeholder="4242 4242 4242 4242"
        autoComplete="cc-number"
        w={220}
        {...inputProps('number')}
      />
      <NumberInput label="Month" min={1} max={12} w={80} allowDecimal={false} {...inputProps('expMonth')} />
      <NumberInput
        label="Year"
        min={2024}
        max={2100}
        w={100}
        allowDecimal={false}
        {...inputProps('expYear')}
      />
      <TextInput label="CVC" w={80} autoComplete="cc-csc" {...inputProps('cvc')} />
    </Group>
  );
}
