// Reset and invitation tokens never stay in the outbox after
// delivery, never show in the production mailbox or the logs, and mailbox reads are audited.
import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { deliverOutbox } from '../../integrations/email/outbox';
import { caller } from '../../test/admin-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let prod: TestApp;
beforeAll(async () => {
  prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => prod.close());

async function newestReset(t: TestApp) {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, 'password_reset'))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return mail;
}

describe('tokens out of the outbox, mailbox and logs', () => {
  it('the production mailbox never shows a reset token, and its reads are audited', async () => {
    await prod.app.inject({ method: 'POST', url: '/api/v1/recover', payload: { username: 'clerk' } });
    const admin = await caller(prod.app, 'admin');
    const box = await admin('GET', '/api/v1/mailbox?kind=password_reset');
    expect(box.statusCode).toBe(200);
    const [mail] = box.json().data.list;
    expect(mail.text).toContain('token=[redacted]');
    expect(mail.text).not.toMatch(/token=(?!\[redacted\])/);
    const audit = await admin('GET', '/api/v1/audit?entity=mailbox');
    expect(audit.json().data.list[0]).toMatchObject({ actorUsername: 'admin', action: 'read' });
  });

  it('the development mailbox shows live links only in the sandbox demo (no SMTP_URL)', async () => {
    for (const [smtp, live] of [
      [undefined, true],
      ['smtp://mail.example:25', false],
    ] as const) {
      const dev = await createTestApp({ SMTP_URL: smtp });
      try {
        await dev.app.inject({ method: 'POST', url: '/api/v1/recover', payload: { username: 'clerk' } });
        const admin = await caller(dev.app, 'admin');
        const [mail] = (await admin('GET', '/api/v1/mailbox?kind=password_reset')).json().data.list;
        if (live) expect(mail.text).toMatch(/token=(?!\[redacted\])/);
        else expect(mail.text).toContain('token=[redacted]');
      } finally {
        await dev.close();
      }
    }
  });

  it('once delivered, the stored mail keeps no usable link', async () => {
    await prod.app.inject({ method: 'POST', url: '/api/v1/recover', payload: { username: 'buyer' } });
    const sent: string[] = [];
    await deliverOutbox(
      prod.db,
      { send: async (m) => void sent.push(m.text) },
      'no-reply@shop.example',
      1000,
    );
    expect(sent.some((text) => /token=[A-Za-z0-9_-]{20,}/.test(text))).toBe(true);
    const stored = await newestReset(prod);
    expect(stored.sentAt).not.toBeNull();
    expect(stored.text).toContain('token=[redacted]');
    expect(JSON.stringify(stored.meta)).not.toContain('token=');
  });

  it('the request log never holds a /reset token', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), prod.db, { logStream });
    await app.inject({ method: 'GET', url: '/reset?token=abc123secretvalue' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/reset?token=[redacted]');
    expect(log).not.toContain('abc123secretvalue');
  });
});
