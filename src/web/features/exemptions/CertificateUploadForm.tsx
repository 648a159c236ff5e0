import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Button, FileInput, Grid, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { exemptionKindLabels, MAX_CERTIFICATE_BYTES } from '../../../contract/exemptions';
import { usStateCodes } from '../../../domain/address';
import { exemptionKinds } from '../../../domain/exemption-status';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { pointerErrors } from '../../lib/zod-form';
import { useUploadCertificateMutation } from './exemptions.api';

export interface CompanyLocation {
  locationId: number;
  locationName: string;
  locationState: string;
}

const fileTypes = ['application/pdf', 'image/png', 'image/jpeg'];

/** The company admin's upload: state, kind, number, expiry, where it applies, and the file. */
export function CertificateUploadForm({ locations }: { locations: CompanyLocation[] }) {
  const [upload, { isLoading }] = useMutationWithToast(useUploadCertificateMutation());
  const form = useForm({
    initialValues: {
      state: '',
      kind: 'resale',
      number: '',
      expiresOn: '',
      locationId: '',
      file: null as File | null,
    },
    validate: {
      state: (v) => (v ? null : 'Choose the state'),
      number: (v) => (v.trim() ? null : 'Enter the certificate number'),
      expiresOn: (v) =>
        !v
          ? 'Enter the expiry date'
          : dayjs(v).isBefore(dayjs(), 'day')
            ? 'The expiry date is in the past'
            : null,
      file: (f) =>
        !f
          ? 'Choose the certificate file'
          : f.size > MAX_CERTIFICATE_BYTES
            ? 'The file is larger than 5 MB'
            : f.type && !fileTypes.includes(f.type)
              ? 'Choose a PDF, PNG or JPEG file'
              : null,
    },
  });
  const submit = form.onSubmit(async ({ file, ...fields }) => {
    if (!file) return;
    const res = await upload(
      { ...fields, file },
      { success: 'Certificate uploaded. Finance will verify it.', failure: null },
    );
    if (res.ok) form.reset();
    else {
      const errors = pointerErrors(res.problem);
      form.setErrors(Object.keys(errors).length ? errors : { file: res.problem.message });
    }
  });
  const locationChoices = [
    { value: '', label: 'Every location' },
    ...locations.map((l) => ({
      value: String(l.locationId),
      label: `${l.locationName} (${l.locationState})`,
    })),
  ];
  return (
    <form onSubmit={submit} noValidate aria-label="Upload a certificate">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Upload a certificate
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="State"
              placeholder="Choose"
              searchable
              data={[...usStateCodes]}
              {...form.getInputProps('state')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Kind"
              allowDeselect={false}
              data={exemptionKinds.map((k) => ({ value: k, label: exemptionKindLabels[k] }))}
              {...form.getInputProps('kind')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Certificate number" maxLength={60} {...form.getInputProps('number')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Expires on" type="date" {...form.getInputProps('expiresOn')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Applies to"
              allowDeselect={false}
              data={locationChoices}
              {...form.getInputProps('locationId')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <FileInput
              label="File (PDF, PNG or JPEG, up to 5 MB)"
              placeholder="Choose a file"
              accept={fileTypes.join(',')}
              clearable
              {...form.getInputProps('file')}
            />
          </Grid.Col>
        </Grid>
        <Button type="submit" loading={isLoading} w="fit-content">
          Upload certificate
        </Button>
      </Stack>
    </form>
  );
}
