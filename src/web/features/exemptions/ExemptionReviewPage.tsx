import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { type Certificate, exemptionKindLabels } from '../../../contract/exemptions';
import {
  awaitsVerification,
  type ExemptionStatus,
  exemptionStatuses,
} from '../../../domain/exemption-status';
import { errorMessage } from '../../api/client';
import { dateTime } from '../../lib/format';
import { firstProblemDetail, useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { appliesTo, expiryDate, fileSize, statusColor } from './certificate-words';
import {
  useCertificateQueueQuery,
  useRejectCertificateMutation,
  useVerifyCertificateMutation,
} from './exemptions.api';

/** Finance's console page: certificates waiting for a decision (oldest first), each with its file. */
export function ExemptionReviewPage() {
  const [status, setStatus] = useState<ExemptionStatus>('pending');
  const { data, isFetching, error } = useCertificateQueueQuery({ status });
  return (
    <Stack>
      <Title order={1} size="h2">
        Exemption certificates
      </Title>
      {/* As wide as a phone allows (four statuses do not fit at their own width there), no wider than they need. */}
      <SegmentedControl
        fullWidth
        maw={440}
        size="xs"
        value={status}
        onChange={(v) => setStatus(v as ExemptionStatus)}
        data={exemptionStatuses.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }))}
      />
      {isFetching && !data && <Loader size="sm" aria-label="Loading certificates" />}
      {error && <Alert color="red">{errorMessage(error)}</Alert>}
      {data?.length === 0 && <Text c="dimmed">No {status} certificates.</Text>}
      {data?.map((c) => (
        <CertificateReview key={c.id} cert={c} />
      ))}
    </Stack>
  );
}

function CertificateReview({ cert }: { cert: Certificate }) {
  const [verify, verifying] = useMutationWithToast(useVerifyCertificateMutation());
  const [reject, rejecting] = useMutationWithToast(useRejectCertificateMutation());
  const [showFile, setShowFile] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = async (run: () => ReturnType<typeof verify>) => {
    setProblem(null);
    const res = await run();
    if (!res.ok) setProblem(firstProblemDetail(res.problem));
  };
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {cert.companyName} · {appliesTo(cert)}
          </Text>
          <Badge color={statusColor[cert.status]} variant="light">
            {cert.status}
          </Badge>
        </Group>
        <Text size="sm">
          {exemptionKindLabels[cert.kind]} certificate {cert.number}, expires {expiryDate(cert.expiresOn)}
        </Text>
        <Text size="xs" c="dimmed">
          Uploaded {dateTime(cert.uploadedAt)} · {cert.originalName} ({fileSize(cert.fileBytes)})
          {cert.decidedAt && ` · decided ${dateTime(cert.decidedAt)}`}
        </Text>
        {cert.rejectionReason && (
          <Text size="sm" c="red">
            Rejected: {cert.rejectionReason}
          </Text>
        )}
        <Group gap="xs">
          <Button variant="light" size="xs" onClick={() => setShowFile((v) => !v)}>
            {showFile ? 'Hide file' : 'View file'}
          </Button>
          <Anchor href={cert.fileUrl} target="_blank" rel="noopener" size="sm">
            Open in a new tab
          </Anchor>
        </Group>
        {showFile && <CertificateFile cert={cert} />}
        {awaitsVerification(cert.status) && (
          <Stack gap="xs">
            <Textarea
              label="Reason (for a rejection)"
              autosize
              minRows={1}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button
                color="green"
                loading={verifying.isLoading}
                onClick={() =>
                  decide(() => verify(cert.id, { success: 'Certificate verified', failure: null }))
                }
              >
                Verify
              </Button>
              <Button
                color="red"
                variant="light"
                loading={rejecting.isLoading}
                onClick={() =>
                  reason.trim()
                    ? decide(() =>
                        reject({ id: cert.id, reason }, { success: 'Certificate rejected', failure: null }),
                      )
                    : setProblem('Enter the reason the company will read')
                }
              >
                Reject
              </Button>
            </Group>
          </Stack>
        )}
        {problem && (
          <Alert color="red" p="xs">
            {problem}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The file itself, on the page: a PDF in a frame, an image as an image. */
function CertificateFile({ cert }: { cert: Certificate }) {
  return cert.fileType === 'application/pdf' ? (
    <iframe
      title={`Certificate ${cert.number}`}
      src={cert.fileUrl}
      style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)' }}
    />
  ) : (
    <img
      src={cert.fileUrl}
      alt={`Certificate ${cert.number}`}
      style={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain', alignSelf: 'flex-start' }}
    />
  );
}
