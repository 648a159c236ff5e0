import { Alert, Button, Card, FileInput, Grid, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { z } from 'zod';
import * as catalog from '../../../../contract/catalog-admin';
import type { ApiFailure } from '../../../api/api';
import { ApiError, call } from '../../../api/client';
import { useAdminMutation } from '../../../features/admin/admin.api';
import {
  FieldInput,
  type FieldSpec,
  type FormValues,
  toFormValue,
  toWireValue,
} from '../../../features/admin/admin-fields';
import type { AdminKey } from '../../../features/admin/admin.registry';
import { pointerErrors, zodValidate } from '../../../lib/zod-form';

/**
 * Catalogue writes: new makes, categories, lines and SKUs, and line images. The catalogue's
 * lists and details are the shop's (search area); records are edited there by id.
 */
export function CataloguePage() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Catalogue
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CreateCard
            title="New make"
            createKey="createMake"
            schema={catalog.MakeInput}
            fields={makeFields}
          />
          <CreateCard
            title="New category"
            createKey="createCategory"
            schema={catalog.CategoryInput}
            fields={categoryFields}
          />
          <ImageUpload />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CreateCard
            title="New tire line"
            createKey="createModel"
            schema={catalog.ModelInput}
            fields={modelFields}
          />
          <CreateCard
            title="New SKU"
            createKey="createProduct"
            schema={catalog.ProductInput}
            fields={productFields}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

const makeFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'active', label: 'Active', kind: 'switch' },
];
const categoryFields: FieldSpec[] = [{ name: 'name', label: 'Name', kind: 'text' }];
const modelFields: FieldSpec[] = [
  { name: 'makeId', label: 'Make id', kind: 'number' },
  { name: 'categoryId', label: 'Category id', kind: 'number' },
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'textarea' },
  { name: 'treadWarrantyMiles', label: 'Tread warranty (miles)', kind: 'number' },
  { name: 'runFlat', label: 'Run-flat', kind: 'switch' },
];
const productFields: FieldSpec[] = [
  { name: 'modelId', label: 'Tire line id', kind: 'number' },
  { name: 'skuCode', label: 'Part number (MPN)', kind: 'text' },
  { name: 'size', label: 'Size', kind: 'text', description: 'e.g. 225/45R17' },
  { name: 'width', label: 'Width', kind: 'number' },
  { name: 'ratio', label: 'Ratio', kind: 'number' },
  { name: 'rim', label: 'Rim', kind: 'number' },
  { name: 'overallDiameter', label: 'Overall diameter (in)', kind: 'number' },
  { name: 'loadIndex', label: 'Load index', kind: 'number' },
];

function CreateCard({
  title,
  createKey,
  schema,
  fields,
}: {
  title: string;
  createKey: AdminKey;
  schema: z.ZodType;
  fields: FieldSpec[];
}) {
  const [run, { isLoading }] = useAdminMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const wire = (values: FormValues) =>
    Object.fromEntries(
      fields.map((f) => [f.name, toWireValue(f, values[f.name])]).filter(([, v]) => v !== undefined),
    );
  const form = useForm<FormValues>({
    initialValues: Object.fromEntries(fields.map((f) => [f.name, toFormValue(f, undefined)])),
    validate: (values) => zodValidate(schema)(wire(values)),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const res = (await run(createKey, { body: wire(values) as never })) as { data: { id: number } };
      notifications.show({ color: 'green', message: `${title.replace('New ', '')} #${res.data.id} created` });
      form.reset();
    } catch (error) {
      form.setErrors(pointerErrors((error as ApiFailure).problem));
      setFailure((error as ApiFailure).message);
    }
  });
  return (
    <Card withBorder mb="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Title order={2} size="h5">
            {title}
          </Title>
          {failure && <Alert color="red">{failure}</Alert>}
          {fields.map((f) => (
            <FieldInput key={f.name} field={f} form={form} />
          ))}
          <Group>
            <Button type="submit" loading={isLoading}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ImageUpload() {
  const [modelId, setModelId] = useState<string | number>('');
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
    <Card withBorder mb="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Tire line image
        </Title>
        <Text size="sm" c="dimmed">
          PNG, JPEG or WebP, at most 5 MB. The first image of a line becomes its main image.
        </Text>
        {result && <Alert color={result.color}>{result.text}</Alert>}
        <NumberInput label="Tire line id" value={modelId} onChange={setModelId} allowDecimal={false} />
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
