import '@mantine/core/styles/Modal.layer.css';
import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

interface ConfirmButtonProps extends ButtonProps {
  /** The question, e.g. "Delete this discount?" */
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  children: ReactNode;
}

/** A button that asks first: destructive actions never happen on one click. */
export function ConfirmButton({
  title,
  message,
  confirmLabel,
  onConfirm,
  children,
  ...button
}: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpened(false);
    }
  };
  return (
    <>
      <Button {...button} onClick={() => setOpened(true)}>
        {children}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} centered>
        {message && <Text mb="md">{message}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpened(false)}>
            Cancel
          </Button>
          <Button color={button.color ?? 'red'} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
