import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EntityPicker, type Picker } from '../../components/EntityPicker';
import { PageTitle } from '../../components/PageTitle';
import { QuoteLinesEditor } from './QuoteLinesEditor';
import { blankLine, fieldErrorOf, type LineDraft, linesInput } from './quote-line-drafts';
import { useCreateQuoteMutation } from './quotes.api';

interface Pickers {
  company: Picker;
  location: Picker;
  user: Picker;
}

/**
 * /admin/quotes/new: sales (or admin) opens a quote for a customer: the company and the location
 * it ships to (its ZIP and price group price the options), an owner, a validity and the lines.
 * It opens in the workspace, ready to generate options.
 */
export function QuoteCreatePage({ pickers }: { pickers: Pickers }) {
  const navigate = useNavigate();
  const [create, { isLoading, error }] = useCreateQuoteMutation();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [ownerUserId, setOwner] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine()]);
  const locations = companyId ? { ...pickers.location, filter: { companyId } } : null;
  const submit = async () => {
    const items = linesInput(lines);
    if (!items) return;
    const result = await create({
      companyId: Number(companyId),
      locationId: Number(locationId),
      ...(ownerUserId && { ownerUserId: Number(ownerUserId) }),
      ...(validUntil && { validUntil }),
      title,
      note,
      items,
    });
    if ('data' in result && result.data) navigate(`../${result.data.data.id}`, { relative: 'path' });
  };
  return (
    <>
      <PageTitle title="New quote" />
      <Stack maw={720}>
        <Group align="flex-end" wrap="wrap">
          <EntityPicker
            source={pickers.company}
            label="Customer company"
            value={companyId}
            onChange={(v) => {
              setCompanyId(v);
              setLocationId(null);
            }}
            w={300}
            maw="100%"
          />
          {locations && (
            <EntityPicker
              key={companyId}
              source={locations}
              label="Ships to (location)"
              value={locationId}
              onChange={setLocationId}
              w={300}
              maw="100%"
            />
          )}
        </Group>
        <Group align="flex-end" wrap="wrap">
          <EntityPicker
            source={pickers.user}
            nullable
            label="Owner in sales"
            placeholder="Me"
            value={ownerUserId}
            onChange={setOwner}
            w={300}
            maw="100%"
          />
          <TextInput
            type="date"
            label="Valid until"
            placeholder="30 days"
            value={validUntil}
            onChange={(e) => setValidUntil(e.currentTarget.value)}
            w={180}
          />
        </Group>
        <TextInput
          label="Title"
          placeholder="Spring fleet rotation"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <QuoteLinesEditor lines={lines} setLines={setLines} fieldError={fieldErrorOf(error)} />
        <Textarea
          label="Note"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red">{'message' in error ? error.message : 'The quote could not be created'}</Alert>
        )}
        <Group>
          <Button onClick={submit} loading={isLoading} disabled={!companyId || !locationId}>
            Create the quote
          </Button>
        </Group>
      </Stack>
    </>
  );
}
