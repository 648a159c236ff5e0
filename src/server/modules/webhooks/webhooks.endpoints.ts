// The company admin's use cases (docs/webhooks.md): register, change, pause and remove the
// company's endpoints, rotate a secret, read an endpoint's delivery log and resend a delivery.
// Every one is scoped to the caller's company: another company's endpoint is not found.
import type { z } from 'zod';
import type { WebhookEndpointChange, WebhookEndpointInput } from '../../../contract/webhooks';
import type { WebhookDeliveryStatus } from '../../../domain/webhook-status';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { type Paging, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './webhooks.repository';
import { newSigningSecret } from './webhooks.signing';
import { targetProblems, targetRulesOf } from './webhooks.targets';
import { toDelivery, toEndpoint } from './webhooks.views';

/** How long deliveries are also signed with the secret before a rotation. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

type Input = z.output<typeof WebhookEndpointInput>;
type Change = z.output<typeof WebhookEndpointChange>;

/** A URL that may not be used is a 400 at /body/url, before anything is written. */
async function assertUsableUrl(config: Config, url: string) {
  const problems = await targetProblems(url, targetRulesOf(config));
  if (problems.length)
    throw badRequest(`The webhook URL cannot be used: ${problems.map((p) => p.detail).join('; ')}`, problems);
}

const audited = (row: repo.EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  status: row.status,
});

/** The company's endpoints, oldest first; their secrets are never listed. */
export async function listEndpoints(db: Db, actor: Actor) {
  const rows = await repo.endpointsOfCompany(db, actor.companyId);
  return rows.map((r) => toEndpoint(r));
}

/** A company admin registers an endpoint; its secret is answered this once. */
export async function createEndpoint(db: Db, config: Config, actor: Actor, input: Input) {
  await assertUsableUrl(config, input.url);
  const secret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    const created = await repo.insertEndpoint(tx, {
      companyId: actor.companyId,
      url: input.url,
      description: input.description,
      events: input.events,
      secret,
      createdBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      entity: 'webhook_endpoint',
      entityId: created.id,
      action: 'create',
      after: audited(created),
    });
    return created;
  });
  return { endpoint: toEndpoint(row), secret };
}

/** Changes the URL, description or events of an endpoint, or pauses (enabled false) and resumes it. */
export async function updateEndpoint(db: Db, config: Config, actor: Actor, id: number, change: Change) {
  if (change.url !== undefined) {
    // Another company's endpoint is not found, whatever the URL sent; the URL's check looks the
    // host up, so it runs before the transaction.
    if (!(await repo.findEndpoint(db, actor.companyId, id))) throw notFound('Webhook endpoint');
    await assertUsableUrl(config, change.url);
  }
  const row = await db.transaction(async (tx) => {
    const before = await repo.findEndpoint(tx, actor.companyId, id, 'no key update');
    if (!before) throw notFound('Webhook endpoint');
    let after = before;
    const { enabled, ...columns } = change;
    if (Object.values(columns).some((v) => v !== undefined))
      after = await repo.updateEndpoint(tx, id, columns);
    if (enabled === false && after.status !== 'disabled')
      after = await repo.setEndpointStatus(tx, after, 'disabled', { failingSince: null });
    if (enabled === true && after.status === 'disabled')
      after = await repo.setEndpointStatus(tx, after, 'active');
    await writeAudit(tx, actor, {
      entity: 'webhook_endpoint',
      entityId: id,
      action: 'update',
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
  return toEndpoint(row);
}

/**
 * A new secret for an endpoint, answered this once. The old one keeps signing beside it for a
 * day, so a receiver that verifies with either loses no event while it switches.
 */
export async function rotateSecret(db: Db, actor: Actor, id: number, at = new Date()) {
  const secret = newSigningSecret();
  const row = await db.transaction(async (tx) => {
    const before = await repo.findEndpoint(tx, actor.companyId, id, 'no key update');
    if (!before) throw notFound('Webhook endpoint');
    const after = await repo.updateEndpoint(tx, id, {
      secret,
      previousSecret: before.secret,
      previousSecretUntil: new Date(at.getTime() + PREVIOUS_SECRET_MS),
      secretRotatedAt: at,
    });
    await writeAudit(tx, actor, { entity: 'webhook_endpoint', entityId: id, action: 'rotate_secret' });
    return after;
  });
  return { endpoint: toEndpoint(row, at), secret };
}

/** Removes an endpoint and its log: nothing more is sent to it, not even its pending deliveries. */
export async function deleteEndpoint(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findEndpoint(tx, actor.companyId, id, 'update');
    if (!before) throw notFound('Webhook endpoint');
    await repo.deleteEndpoint(tx, id);
    await writeAudit(tx, actor, {
      entity: 'webhook_endpoint',
      entityId: id,
      action: 'delete',
      before: audited(before),
    });
  });
}

/** An endpoint's delivery log, newest first. */
export async function listDeliveries(
  db: Db,
  actor: Actor,
  endpointId: number,
  q: Paging & { status?: WebhookDeliveryStatus },
) {
  if (!(await repo.findEndpoint(db, actor.companyId, endpointId))) throw notFound('Webhook endpoint');
  return pageAnswer(q, await repo.listDeliveries(db, endpointId, q), toDelivery);
}

/**
 * Sends a delivered or failed delivery again: due at once, with a new round of attempts and the
 * same webhook-id (a receiver that has it already knows it by that id). A pending one is refused.
 */
export async function resendDelivery(db: Db, actor: Actor, id: number) {
  const row = await db.transaction(async (tx) => {
    const found = await repo.findDelivery(tx, actor.companyId, id, true);
    if (!found) throw notFound('Webhook delivery');
    // A pending delivery is refused by the transition table: 409 invalid_transition.
    await repo.setDeliveryStatus(tx, found.delivery, 'pending', {
      roundAttempts: 0,
      nextAttemptAt: new Date(),
    });
    await repo.notifyOutbox(tx);
    await writeAudit(tx, actor, { entity: 'webhook_delivery', entityId: id, action: 'resend' });
    return (await repo.findDelivery(tx, actor.companyId, id))!;
  });
  return toDelivery(row);
}
