import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, exemptionCertificates } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { certificateFor, runExemptionJobs } from './exemptions.service';

// The certificate's life through the API: a company admin uploads (every bad field named at its
// pointer, nothing written), the company's buyers list, finance verifies or rejects, the job
// expires it and reminds the company admins once, 30 days before.

let t: TestApp;
let finance: Caller;
let clerk: Caller;
let admin: { cookie: string; companyId: number; austin: number; dallas: number };
let other: { cookie: string; companyId: number; location: number };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function companyAdmin() {
  const user = await createUser(t.db, { role: 'company_admin' });
  const austin = user.currentLocationId!;
  await t.db.execute(sql`update locations set state = 'TX' where id = ${austin}`);
  const dallas = (await createLocation(t.db, user.companyId, { state: 'TX', zip: '75201' })).id;
  return {
    cookie: await signIn(t.app, user.username, FACTORY_PASSWORD),
    companyId: user.companyId,
    austin,
    dallas,
  };
}

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tread-exemptions-')) });
  finance = await caller(t.app, 'finance');
  clerk = await caller(t.app, 'clerk');
  admin = await companyAdmin();
  const o = await companyAdmin();
  other = { cookie: o.cookie, companyId: o.companyId, location: o.austin };
});
afterAll(() => t.close());

/** A browser's FormData: text fields and one file. */
function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = `----tread${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const chunks: Buffer[] = [Buffer.from(parts.join(''))];
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
    },
  };
}

const good = () => ({
  state: 'TX',
  kind: 'resale',
  number: `TX-${Math.random().toString(36).slice(2, 9)}`,
  expiresOn: day(365),
});

function upload(
  cookie: string,
  fields: Record<string, string> = good(),
  file: { name: string; bytes: Buffer; type?: string } | null = { name: 'cert.pdf', bytes: PDF },
) {
  const f = form(fields, file ?? undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/exemption',
    payload: f.payload,
    headers: { ...f.headers, cookie },
  });
}

const as = (cookie: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

const countOf = async (companyId: number) =>
  (await t.db.select().from(exemptionCertificates).where(eq(exemptionCertificates.companyId, companyId)))
    .length;

describe('uploading and listing certificates', () => {
  it('a company admin uploads a PDF: a pending certificate of every location, listed to the company', async () => {
    const fields = good();
    const res = await upload(admin.cookie, fields);
    expect(res.statusCode, res.body).toBe(201);
    const cert = res.json().data;
    expect(cert).toMatchObject({
      state: 'TX',
      kind: 'resale',
      number: fields.number,
      status: 'pending',
      locationId: null,
      fileType: 'application/pdf',
      originalName: 'cert.pdf',
      expiringSoon: false,
    });
    const list = (await as(admin.cookie)('GET', '/api/v1/exemption')).json().data.list;
    expect(list.map((c: { id: number }) => c.id)).toContain(cert.id);
    const file = await as(admin.cookie)('GET', cert.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('takes a PNG for one location of the company, and a re-upload is a new pending certificate', async () => {
    const fields = { ...good(), locationId: String(admin.dallas), kind: 'fleet_agricultural' };
    const first = (
      await upload(admin.cookie, fields, { name: 'scan.png', bytes: PNG, type: 'image/png' })
    ).json().data;
    expect(first).toMatchObject({ locationId: admin.dallas, fileType: 'image/png', status: 'pending' });
    const again = await upload(admin.cookie, fields, { name: 'scan.png', bytes: PNG, type: 'image/png' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).not.toBe(first.id);
    expect(again.json().data.status).toBe('pending');
  });

  it('a buyer of the company lists but may not upload', async () => {
    expect((await clerk('GET', '/api/v1/exemption')).statusCode).toBe(200);
    const cookie = await signIn(t.app, 'clerk');
    expect((await upload(cookie)).statusCode).toBe(403);
  });

  it('names each bad field at its pointer and writes nothing', async () => {
    const before = await countOf(admin.companyId);
    const cases: [Record<string, string>, { name: string; bytes: Buffer } | undefined, string, RegExp][] = [
      [{ ...good(), state: '' }, undefined, '/body/state', /Choose the state/],
      [{ ...good(), state: 'ZZ' }, undefined, '/body/state', /ZZ is not a US state/],
      [{ ...good(), expiresOn: day(-1) }, undefined, '/body/expiresOn', /in the past/],
      [{ ...good(), expiresOn: '31/12/2030' }, undefined, '/body/expiresOn', /not a date/],
      [
        { ...good(), locationId: String(other.location) },
        undefined,
        '/body/locationId',
        /not a location of your company/,
      ],
      [{ ...good(), number: '  ' }, undefined, '/body/number', /Enter the certificate number/],
      [{ ...good(), kind: 'charity' }, undefined, '/body/kind', /./],
      [
        good(),
        { name: 'cert.pdf', bytes: Buffer.from('just text, named like a PDF') },
        '/body/file',
        /not a PDF, PNG or JPEG/,
      ],
      [
        good(),
        { name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) },
        '/body/file',
        /larger than 5 MB/,
      ],
    ];
    for (const [fields, file, pointer, detail] of cases) {
      const res = await upload(admin.cookie, fields, file ?? { name: 'cert.pdf', bytes: PDF });
      expect(res.statusCode, `${pointer}: ${res.body}`).toBe(400);
      const error = res.json().errors.find((e: { pointer: string }) => e.pointer === pointer);
      expect(error?.detail, `${pointer}: ${res.body}`).toMatch(detail);
    }
    const none = await upload(admin.cookie, good(), null);
    expect(none.json().errors).toEqual([{ pointer: '/body/file', detail: 'Choose the certificate file' }]);
    // Several at once: every problem is named.
    const many = await upload(admin.cookie, { kind: 'resale', number: '', expiresOn: day(10) });
    expect(
      many
        .json()
        .errors.map((e: { pointer: string }) => e.pointer)
        .sort(),
    ).toEqual(['/body/number', '/body/state']);
    expect(await countOf(admin.companyId)).toBe(before);
  });

  it("another company's certificate file is not found; finance reads every company's", async () => {
    const mine = (await upload(admin.cookie)).json().data;
    expect((await as(other.cookie)('GET', mine.fileUrl)).statusCode).toBe(404);
    expect((await clerk('GET', mine.fileUrl)).statusCode).toBe(404);
    expect((await finance('GET', mine.fileUrl)).statusCode).toBe(200);
    const theirs = (await as(other.cookie)('GET', '/api/v1/exemption')).json().data.list;
    expect(theirs.map((c: { id: number }) => c.id)).not.toContain(mine.id);
  });
});

describe("finance's verification", () => {
  it('lists the pending certificates of every company, verifies one: certificateFor finds it', async () => {
    const cert = (await upload(admin.cookie, { ...good(), locationId: String(admin.austin) })).json().data;
    const queue = (await finance('GET', '/api/v1/finance/exemption')).json().data.list;
    expect(queue.find((c: { id: number }) => c.id === cert.id)).toMatchObject({
      status: 'pending',
      companyId: admin.companyId,
    });
    expect(
      await certificateFor(t.db, {
        companyId: admin.companyId,
        locationId: admin.austin,
        state: 'TX',
        at: new Date(),
      }),
    ).toBeNull();

    expect((await clerk('POST', `/api/v1/finance/exemption/${cert.id}/verify`)).statusCode).toBe(403);
    expect((await as(admin.cookie)('POST', `/api/v1/finance/exemption/${cert.id}/verify`)).statusCode).toBe(
      403,
    );
    const verified = await finance('POST', `/api/v1/finance/exemption/${cert.id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'verified', rejectionReason: null });
    expect(verified.json().data.decidedAt).toBeTruthy();
    const [row] = await t.db
      .select()
      .from(exemptionCertificates)
      .where(eq(exemptionCertificates.id, cert.id));
    expect(row.decidedBy).not.toBeNull();

    expect(
      await certificateFor(t.db, {
        companyId: admin.companyId,
        locationId: admin.austin,
        state: 'TX',
        at: new Date(),
      }),
    ).toEqual({
      id: cert.id,
      kind: 'resale',
      number: cert.number,
    });
    // Austin's only: Dallas, another state and another company stay taxed.
    expect(
      await certificateFor(t.db, {
        companyId: admin.companyId,
        locationId: admin.dallas,
        state: 'TX',
        at: new Date(),
      }),
    ).toBeNull();
    expect(
      await certificateFor(t.db, {
        companyId: admin.companyId,
        locationId: admin.austin,
        state: 'OK',
        at: new Date(),
      }),
    ).toBeNull();
    expect(
      await certificateFor(t.db, {
        companyId: other.companyId,
        locationId: admin.austin,
        state: 'TX',
        at: new Date(),
      }),
    ).toBeNull();

    // Verified is decided: neither verified again nor rejected.
    expect((await finance('POST', `/api/v1/finance/exemption/${cert.id}/verify`)).statusCode).toBe(409);
    expect(
      (await finance('POST', `/api/v1/finance/exemption/${cert.id}/reject`, { reason: 'x' })).statusCode,
    ).toBe(409);
    const after = (await finance('GET', '/api/v1/finance/exemption')).json().data.list;
    expect(after.map((c: { id: number }) => c.id)).not.toContain(cert.id);
  });

  it('rejects with a reason the company reads; a rejection without one is a 400 at /body/reason', async () => {
    const cert = (await upload(admin.cookie)).json().data;
    const bare = await finance('POST', `/api/v1/finance/exemption/${cert.id}/reject`, { reason: ' ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0].pointer).toBe('/body/reason');
    const res = await finance('POST', `/api/v1/finance/exemption/${cert.id}/reject`, {
      reason: 'The signature is missing',
    });
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The signature is missing',
    });
    const listed = (await as(admin.cookie)('GET', '/api/v1/exemption')).json().data.list;
    expect(listed.find((c: { id: number }) => c.id === cert.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The signature is missing',
    });
    expect((await finance('POST', `/api/v1/finance/exemption/${cert.id}/verify`)).statusCode).toBe(409);
    expect(
      await certificateFor(t.db, {
        companyId: admin.companyId,
        locationId: null,
        state: 'TX',
        at: new Date(),
      }),
    ).toBeNull();
    expect((await finance('POST', '/api/v1/finance/exemption/999999999/verify')).statusCode).toBe(404);
  });

  it('refuses to verify a pending certificate whose expiry date passed while it waited', async () => {
    const cert = (await upload(admin.cookie, { ...good(), state: 'NM' })).json().data;
    await t.db
      .update(exemptionCertificates)
      .set({ expiresOn: day(-2) })
      .where(eq(exemptionCertificates.id, cert.id));
    const res = await finance('POST', `/api/v1/finance/exemption/${cert.id}/verify`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/expired/);
  });
});

describe('the expiry job', () => {
  async function verified(state: string, expiresOn: string) {
    const cert = (await upload(admin.cookie, { ...good(), state, expiresOn: day(30) })).json().data;
    await finance('POST', `/api/v1/finance/exemption/${cert.id}/verify`);
    await t.db.update(exemptionCertificates).set({ expiresOn }).where(eq(exemptionCertificates.id, cert.id));
    return cert.id as number;
  }
  const stored = async (id: number) =>
    (await t.db.select().from(exemptionCertificates).where(eq(exemptionCertificates.id, id)))[0];

  it('a verified certificate past its date reads expired before the job, and the job writes expired', async () => {
    const id = await verified('AZ', day(-1));
    const listed = (await as(admin.cookie)('GET', '/api/v1/exemption')).json().data.list;
    expect(listed.find((c: { id: number }) => c.id === id).status).toBe('expired');
    expect((await stored(id)).status).toBe('verified');
    expect(
      await certificateFor(t.db, {
        companyId: admin.companyId,
        locationId: null,
        state: 'AZ',
        at: new Date(),
      }),
    ).toBeNull();
    const ran = await runExemptionJobs(t.db, t.app.config);
    expect(ran.expired).toBeGreaterThanOrEqual(1);
    expect((await stored(id)).status).toBe('expired');
    const again = await runExemptionJobs(t.db, t.app.config);
    expect((await stored(id)).status).toBe('expired');
    expect(again.expired).toBe(0);
  });

  it('reminds the company admins once, 30 days before, and not a certificate further out', async () => {
    const soon = await verified('CO', day(20));
    const later = await verified('UT', day(45));
    const mails = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, 'exemption_expiry'),
            sql`${emailOutbox.meta}->>'certificateId' in (${String(soon)}, ${String(later)})`,
          ),
        );
    const listed = (await as(admin.cookie)('GET', '/api/v1/exemption')).json().data.list;
    expect(listed.find((c: { id: number }) => c.id === soon).expiringSoon).toBe(true);
    expect(listed.find((c: { id: number }) => c.id === later).expiringSoon).toBe(false);

    await runExemptionJobs(t.db, t.app.config);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: `Your CO exemption certificate expires on ${day(20)}` });
    expect(sent[0].text).toContain('/account');
    expect((await stored(soon)).reminderSentAt).not.toBeNull();

    await runExemptionJobs(t.db, t.app.config);
    expect(await mails()).toHaveLength(1);
    // Fifteen days on, the later one comes within the window: its one reminder, none more of the first.
    await runExemptionJobs(t.db, t.app.config, new Date(Date.now() + 16 * 86_400_000));
    const both = await mails();
    expect(both).toHaveLength(2);
    expect(both.map((m) => (m.meta as { certificateId: number }).certificateId).sort()).toEqual(
      [soon, later].sort(),
    );
  });
});
