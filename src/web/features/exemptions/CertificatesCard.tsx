import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Anchor, Badge, Card, Divider, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { type Certificate, exemptionKindLabels } from '../../../contract/exemptions';
import { errorMessage } from '../../api/client';
import { appliesTo, expiryDate, statusColor } from './certificate-words';
import { type CompanyLocation, CertificateUploadForm } from './CertificateUploadForm';
import { useCertificatesQuery } from './exemptions.api';

interface Props {
  locations: CompanyLocation[];
  /** The company admin uploads; the company's buyers only read. */
  canUpload: boolean;
}

/** The account page's section: the company's exemption certificates and, for its admin, the upload. */
export function CertificatesCard({ locations, canUpload }: Props) {
  const { data, isLoading, error } = useCertificatesQuery();
  return (
    <Card withBorder>
      <Stack>
        <div>
          <Title order={2} size="h4">
            Tax exemption certificates
          </Title>
          <Text size="sm" c="dimmed">
            Orders delivered in a state where your company holds a verified certificate are not charged sales
            tax.
          </Text>
        </div>
        {isLoading && <Loader size="sm" aria-label="Loading certificates" />}
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        {data && data.length === 0 && (
          <Text size="sm" data-testid="certificates-empty">
            No certificates yet.
            {canUpload ? ' Upload one below; finance verifies it within a working day.' : ''}
          </Text>
        )}
        {data && data.length > 0 && <CertificateTable list={data} />}
        {canUpload && (
          <>
            <Divider />
            <CertificateUploadForm locations={locations} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function CertificateTable({ list }: { list: Certificate[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Applies to</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>File</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{appliesTo(c)}</Table.Td>
              <Table.Td>{exemptionKindLabels[c.kind]}</Table.Td>
              <Table.Td>{c.number}</Table.Td>
              <Table.Td>{expiryDate(c.expiresOn)}</Table.Td>
              <Table.Td>
                <Badge color={statusColor[c.status]} variant="light">
                  {c.status}
                </Badge>
                {c.rejectionReason && (
                  <Text size="xs" c="red">
                    {c.rejectionReason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Anchor href={c.fileUrl} target="_blank" rel="noopener" size="sm">
                  Download
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
