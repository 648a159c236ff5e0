import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { InstallerOrder } from '../../../contract/installer';
import { installerOrderTransitions, isMounted } from '../../../domain/installer-status';
import { ConfirmButton } from '../../components/ConfirmButton';
import { LabourInput, type Send } from './InstallerOrderDetail';
import { words } from './installer-words';

const undoLabel = (from: InstallerOrder['status'], to: InstallerOrder['status']) =>
  from === 'mounted' ? `Undo mount (back to ${words(to)})` : `Reopen as ${words(to)}`;

/**
 * Support's corrections of an installer order (docs/installer.md): the moves only the
 * corrections table allows (a mistaken mount back to received, a cancellation reopened), and
 * the labour of a mounted order. Each carries the note the history shows.
 */
export function StaffInstallerCorrections({
  order: o,
  send,
  fieldError,
}: {
  order: InstallerOrder;
  send: Send;
  fieldError: (field: string) => string | undefined;
}) {
  const [note, setNote] = useState('');
  const [labour, setLabour] = useState<number | string>(o.labourCents / 100);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another order, or its labour changed.
  useEffect(() => {
    setNote('');
    setLabour(o.labourCents / 100);
  }, [o.orderId, o.labourCents]);
  const undo = o.next.filter((s) => !installerOrderTransitions[o.status].includes(s));
  if (!undo.length && !isMounted(o.status)) return null;
  const withNote = note.trim() ? { note: note.trim() } : {};
  return (
    <Stack gap="sm" mt="md" component="section" aria-label="Correction">
      <Title order={3} size="h5">
        Correction
      </Title>
      <TextInput
        label="Correction note"
        placeholder="Why (shown in the history)"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={fieldError('note')}
        maw={420}
      />
      {undo.length > 0 && (
        <Group gap="sm" wrap="wrap">
          {undo.map((to) => (
            <ConfirmButton
              key={to}
              variant="light"
              color="orange"
              title={`${undoLabel(o.status, to)}: order ${o.orderNumber}?`}
              message={
                isMounted(o.status)
                  ? 'The mount and its labour leave the bill run until the bay marks it mounted again.'
                  : 'The installer sees the order again and may work it.'
              }
              confirmLabel={undoLabel(o.status, to)}
              onConfirm={() => send({ status: to, ...withNote }, `${words(to)} again`)}
            >
              {undoLabel(o.status, to)}
            </ConfirmButton>
          ))}
        </Group>
      )}
      {isMounted(o.status) && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typeof labour === 'number')
              void send({ labourCents: Math.round(labour * 100), ...withNote }, 'labour corrected');
          }}
        >
          <Group align="end" wrap="wrap" gap="sm">
            <LabourInput
              label="Correct the labour ($)"
              value={labour}
              onChange={setLabour}
              error={fieldError('labourCents')}
            />
            <Button type="submit" variant="default">
              Save labour
            </Button>
          </Group>
        </form>
      )}
      <Text size="xs" c="dimmed">
        Every correction is written to the order's history and the audit log.
      </Text>
    </Stack>
  );
}
