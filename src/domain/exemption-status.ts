// Exemption certificates: what a company shows to buy without sales tax in one state (docs/domain.md,
// "Exemption certificates"). The statuses, the one table of their moves, and when a certificate's
// expiry date has passed: the lookups, the pages and the expiry job all read the same rule here.
import { dayOf } from './calendar-day';
import { assertTransition, statusesBefore, type TransitionTable } from './status-machine';

export const exemptionKinds = ['resale', 'government', 'fleet_agricultural', 'other'] as const;
export type ExemptionKind = (typeof exemptionKinds)[number];

export const exemptionStatuses = ['pending', 'verified', 'rejected', 'expired'] as const;
export type ExemptionStatus = (typeof exemptionStatuses)[number];

/**
 * An upload waits for finance (pending), who verifies or rejects it (with a reason); a verified
 * certificate expires when its expiry date has passed. Nothing comes back: a new upload is a new
 * pending certificate.
 */
export const exemptionTransitions: TransitionTable<ExemptionStatus> = {
  pending: ['verified', 'rejected'],
  verified: ['expired'],
  rejected: [],
  expired: [],
};

/** The statuses the expiry job moves to expired once their date has passed. */
export const statusesBeforeExpired = statusesBefore(exemptionTransitions, 'expired');

export function assertExemptionTransition(from: ExemptionStatus, to: ExemptionStatus) {
  assertTransition('exemption certificate', exemptionTransitions, from, to);
}

/** The calendar day (YYYY-MM-DD, UTC) of a moment: what an expiry date is compared with. */

/** A certificate is good through its expiry day (UTC) and has expired from the next day on. */
export const isPastExpiry = (expiresOn: string, at: Date) => expiresOn < dayOf(at);

/**
 * The status a certificate has at `at`: a verified one whose expiry date has passed is expired
 * even before the expiry job has written it.
 */
export function exemptionStatusAt(status: ExemptionStatus, expiresOn: string, at: Date): ExemptionStatus {
  return status === 'verified' && isPastExpiry(expiresOn, at) ? 'expired' : status;
}

/** How many days before its expiry the company admin is reminded of a verified certificate. */
export const EXPIRY_REMINDER_DAYS = 30;

/** Whether the expiry reminder is due at `at`: verified, not yet expired, expiring within the window. */
export function expiryReminderDue(status: ExemptionStatus, expiresOn: string, at: Date): boolean {
  if (exemptionStatusAt(status, expiresOn, at) !== 'verified') return false;
  const window = new Date(at.getTime() + EXPIRY_REMINDER_DAYS * 86_400_000);
  return expiresOn <= dayOf(window);
}

/** Whether a certificate waits for finance to verify or reject it. */
export const awaitsVerification = (status: string) => status === 'pending';
