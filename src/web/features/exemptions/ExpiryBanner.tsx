import { Alert } from '@mantine/core';
import { exemptionKindLabels } from '../../../contract/exemptions';
import { expiryDate } from './certificate-words';
import { useCertificatesQuery } from './exemptions.api';

/** Above the account page for the company admin: a verified certificate expires within 30 days. */
export function ExpiryBanner() {
  const { data } = useCertificatesQuery();
  const soon = (data ?? []).filter((c) => c.expiringSoon);
  if (!soon.length) return null;
  return (
    <Alert
      color="yellow"
      title="An exemption certificate expires soon"
      mb="md"
      data-testid="certificate-expiry-banner"
    >
      {soon.map((c) => (
        <div key={c.id}>
          Your {c.state} {exemptionKindLabels[c.kind].toLowerCase()} certificate {c.number} expires on{' '}
          {expiryDate(c.expiresOn)}. Upload the renewed certificate below to keep buying tax-free in {c.state}
          .
        </div>
      ))}
    </Alert>
  );
}
