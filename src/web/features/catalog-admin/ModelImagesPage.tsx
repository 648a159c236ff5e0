import '@mantine/core/styles/Card.layer.css';
import { Alert, Button, Card, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import * as catalog from '../../../contract/catalog-admin';
import { ApiError, call } from '../../api/client';
import { EntityPicker } from '../../components/EntityPicker';
import { modelPicker } from './catalog-admin.api';

/** /admin/catalogue: upload a picture of a tire line (the lines themselves are edited in Tire lines). */
export function ModelImagesPage() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Tire line images
      </Title>
      <ImageUpload />
    </Stack>
  );
}

function ImageUpload() {
  const [modelId, setModelId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ color: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file || !modelId) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const res = await call(catalog.uploadModelImage, { params: { id: Number(modelId) }, body });
      setResult({ color: 'green', text: `Image stored${res.data.isPrimary ? ' as the main image' : ''}.` });
      setFile(null);
    } catch (error) {
      setResult({ color: 'red', text: error instanceof ApiError ? error.message : 'The upload failed.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder maw={560}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          PNG, JPEG or WebP, at most 5 MB. The first image of a line becomes its main image.
        </Text>
        {result && <Alert color={result.color}>{result.text}</Alert>}
        <EntityPicker label="Tire line" source={modelPicker} value={modelId} onChange={setModelId} />
        <FileInput
          label="Image"
          accept="image/png,image/jpeg,image/webp"
          value={file}
          onChange={setFile}
          clearable
        />
        <Group>
          <Button onClick={upload} loading={busy} disabled={!file || !modelId}>
            Upload image
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
