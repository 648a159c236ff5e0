import type { Actor } from '../../http/actor';
import { uploadCertificate, verifyCertificate } from '../../modules/exemptions/exemptions.service';
import type { Db } from '../connection';
import type { SeedContext } from './seed-context';

/** A one-page PDF standing in for the scanned certificate (viewers rebuild the missing xref table). */
const lines = [
  'Texas Sales and Use Tax Resale Certificate (demo)',
  'Purchaser: Demo Resale Tires, Resale Houston, 901 Bagby St, Houston TX 77002',
  'Texas taxpayer number: 1-23-4567890-1',
  'Items purchased for resale: new tires',
];
const text = lines.map((l, i) => `BT /F1 ${i ? 12 : 16} Tf 72 ${720 - i * 28} Td (${l}) Tj ET`).join('\n');
const demoPdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources <</Font <</F1 5 0 R>>>>>> endobj',
    `4 0 obj <</Length ${text.length}>> stream\n${text}\nendstream endobj`,
    '5 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

const actorOf = (userId: number, username: string, role: Actor['role'], companyId: number): Actor => ({
  userId,
  username,
  role,
  companyId,
  locationId: null,
  supplierId: 0,
  installer: 0,
  priceGroupId: null,
  via: 'session',
  sessionIdHash: null,
});

/**
 * Demo Resale Tires holds a verified Texas resale certificate for Resale Houston: a delivery there
 * is not taxed, while the same basket to Fleet HQ Austin is. Made the way a company and finance
 * make one: uploaded, then verified.
 */
export async function seedExemptions(db: Db, { config, accounts }: SeedContext) {
  const reseller = actorOf(accounts.users.reseller, 'reseller', 'reseller', accounts.companies.resale);
  const finance = actorOf(accounts.users.finance, 'finance', 'finance', accounts.companies.tread);
  const expiresOn = new Date(Date.now() + 2 * 365 * 86_400_000).toISOString().slice(0, 10);
  const cert = await uploadCertificate(
    db,
    config,
    reseller,
    {
      state: 'TX',
      kind: 'resale',
      number: '1-23-4567890-1',
      expiresOn,
      locationId: String(accounts.locations.resaleHouston),
    },
    { name: 'texas-resale-certificate.pdf', bytes: demoPdf, truncated: false },
  );
  await verifyCertificate(db, finance, cert.id);
}
