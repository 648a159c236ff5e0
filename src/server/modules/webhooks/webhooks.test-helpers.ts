// What the webhook tests share: a receiver on 127.0.0.1 that verifies every delivery with the
// `standardwebhooks` package (as a company's system would), and signed-in callers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { signIn } from '../../test/test-app';

export interface Received {
  id: string;
  timestamp: number;
  signature: string;
  body: string;
  /** The payload, when the signature verified with one of the secrets; null when it did not. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  at: number;
}

/**
 * A node:http server on 127.0.0.1 that answers `status()` (200 unless changed) and keeps every
 * request, verified against `secrets()`. `listen(port)` may reuse the port of one closed before
 * (a receiver that was down comes back).
 */
export function receiver(secrets: () => string[] = () => []) {
  const received: Received[] = [];
  let answer = 200;
  let hang = false;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified: Received['verified'] = null;
      for (const secret of secrets())
        try {
          verified = new Webhook(secret).verify(body, headers) as Received['verified'];
          break;
        } catch {}
      received.push({
        id: headers['webhook-id'],
        timestamp: Number(headers['webhook-timestamp']),
        signature: headers['webhook-signature'],
        body,
        verified,
        at: Date.now(),
      });
      if (hang) return;
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return {
    received,
    answer(status: number) {
      answer = status;
    },
    hangUp(on = true) {
      hang = on;
    },
    async listen(port = 0) {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    url: (path = '/hooks') => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (now): a receiver that is down. */
export async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in caller for a user of any password (factory users have their own). */
export async function callerWith(app: FastifyInstance, username: string, password?: string) {
  const cookie = await signIn(app, username, password);
  return (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
}

/** Waits until `done()` holds, checking every 25 ms, failing after `ms`. */
export async function until(done: () => boolean | Promise<boolean>, ms = 10_000, what = 'the condition') {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
