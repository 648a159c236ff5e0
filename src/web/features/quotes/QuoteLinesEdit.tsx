import '@mantine/core/styles/Card.layer.css';
import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { QuoteDetail } from '../../../contract/quotes';
import { QuoteLinesEditor } from './QuoteLinesEditor';
import { draftOf, fieldErrorOf, type LineDraft, linesInput } from './quote-line-drafts';
import { useUpdateQuoteMutation } from './quotes.api';

/**
 * The workspace's line editor: sales changes the line requests of a quote not yet finalized
 * (`PUT /api/v1/quote/{id}`); saving clears the options and the quote is a draft again.
 */
export function QuoteLinesEdit({ quote }: { quote: QuoteDetail }) {
  const [editing, setEditing] = useState(false);
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [update, { isLoading, error, reset }] = useUpdateQuoteMutation();
  if (!editing)
    return (
      <Group>
        <Button
          variant="light"
          onClick={() => {
            setLines(quote.items.map(draftOf));
            setEditing(true);
          }}
        >
          Edit lines
        </Button>
      </Group>
    );
  const save = async () => {
    const items = linesInput(lines);
    if (!items) return;
    const result = await update({
      id: quote.id,
      title: quote.title,
      note: quote.note,
      ownerUserId: quote.ownerUserId,
      items,
    });
    if ('data' in result && result.data) setEditing(false);
  };
  return (
    <Card withBorder>
      <Stack>
        <QuoteLinesEditor lines={lines} setLines={setLines} fieldError={fieldErrorOf(error)} />
        {error && (
          <Alert color="red">{'message' in error ? error.message : 'The lines could not be saved'}</Alert>
        )}
        <Group>
          <Button onClick={save} loading={isLoading}>
            Save lines
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              reset();
              setEditing(false);
            }}
          >
            Cancel editing
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
