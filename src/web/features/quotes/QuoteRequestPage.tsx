import '@mantine/core/styles/Combobox.layer.css';
import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../lib/store-hooks';
import { PageTitle } from '../../components/PageTitle';
import { QuoteLinesEditor } from './QuoteLinesEditor';
import { blankLine, fieldErrorOf, type LineDraft, linesInput } from './quote-line-drafts';
import { useCreateQuoteMutation, useQuoteInstallersQuery } from './quotes.api';

/**
 * /quotes/new: a buyer asks for a quote. Lines come prefilled from a search (`?size=…`) or from
 * the cart (`?from=cart`), and can be edited; sales answers with good, better and best options.
 */
export function QuoteRequestPage() {
  const [params] = useSearchParams();
  const cart = useAppSelector((s) => s.cart.cart);
  const navigate = useNavigate();
  const [create, { isLoading, error }] = useCreateQuoteMutation();
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  // Delivered to an installer, the quote is out the door: the bay's mounting and services included.
  const [installer, setInstaller] = useState<string | null>(null);
  const installers = useQuoteInstallersQuery();
  const [lines, setLines] = useState<LineDraft[]>(() => {
    if (params.get('from') === 'cart' && cart?.orderItems.length)
      return cart.orderItems.map((i) =>
        blankLine({ size: i.size, quantity: i.orderItemQuantity, roadHazard: i.orderItemRoadHazard }),
      );
    return [blankLine({ size: params.get('size') ?? '', quantity: Number(params.get('quantity')) || 4 })];
  });
  const submit = async () => {
    const items = linesInput(lines);
    if (!items) return;
    const result = await create({
      title,
      note,
      items,
      ...(installer && { installerLocationId: Number(installer) }),
    });
    if ('data' in result && result.data) navigate(`/quotes/${result.data.data.id}`);
  };
  return (
    <>
      <PageTitle title="Request a quote" />
      <Stack maw={720}>
        <TextInput
          label="What is it for?"
          placeholder="Spring fleet rotation"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <Select
          label="Deliver to"
          description="An installer mounts the tires: the quote then includes its services, out the door."
          placeholder="My location"
          clearable
          value={installer}
          onChange={setInstaller}
          data={(installers.data?.list ?? []).map((i) => ({
            value: String(i.locationId),
            label: `${i.name}, ${i.city} ${i.state}${i.miles === null ? '' : ` (${i.miles} mi)`}`,
          }))}
          error={
            (error as { errors?: { pointer?: string; detail?: string }[] } | undefined)?.errors?.find(
              (e) => e.pointer === '/body/installerLocationId',
            )?.detail
          }
        />
        <QuoteLinesEditor lines={lines} setLines={setLines} fieldError={fieldErrorOf(error)} />
        <Textarea
          label="Anything else sales should know"
          placeholder="Deliver before the 15th, Michelin or Bridgestone preferred"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red">{'message' in error ? error.message : 'The request could not be sent'}</Alert>
        )}
        <Group>
          <Button onClick={submit} loading={isLoading}>
            Send the request
          </Button>
        </Group>
      </Stack>
    </>
  );
}
