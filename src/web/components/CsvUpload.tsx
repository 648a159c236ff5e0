import { Button, FileInput, Group } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * Choose a CSV file and send it: the button waits while `onUpload` runs, and the choice is
 * emptied when `onUpload` resolves true (the file was taken); on false it stays for another try.
 */
export function CsvUpload({
  label,
  action,
  onUpload,
}: {
  /** The file field's label, e.g. "Fitment file (CSV)". */
  label: string;
  /** The button, e.g. "Import fitments". */
  action: string;
  onUpload: (file: File) => Promise<boolean>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      if (await onUpload(file)) setFile(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="end">
      <FileInput
        label={label}
        placeholder="Choose a file"
        accept=".csv,text/csv"
        value={file}
        onChange={setFile}
        w={320}
        clearable
      />
      <Button leftSection={<IconUpload size={16} />} onClick={upload} disabled={!file} loading={busy}>
        {action}
      </Button>
    </Group>
  );
}
