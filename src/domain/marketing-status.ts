// Newsletter consent and contact messages: one transition table each.
import { assertTransition, type TransitionTable } from './status-machine';

/** Double opt-in: a request waits for its confirmation link; anyone may unsubscribe at any time. */
export const newsletterStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];

export const newsletterTransitions: TransitionTable<NewsletterStatus> = {
  pending: ['confirmed', 'unsubscribed'],
  confirmed: ['unsubscribed'],
  unsubscribed: ['pending'],
};

export function assertNewsletterTransition(from: NewsletterStatus, to: NewsletterStatus): void {
  assertTransition('newsletter subscription', newsletterTransitions, from, to);
}

/** A contact message is open until support answers it; it may be opened again. */
export const contactStatuses = ['open', 'answered'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactTransitions: TransitionTable<ContactStatus> = {
  open: ['answered'],
  answered: ['open'],
};

export function assertContactTransition(from: ContactStatus, to: ContactStatus): void {
  assertTransition('contact message', contactTransitions, from, to);
}

/** Whether a contact message waits for an answer. */
export const isOpenContact = (status: string) => status === 'open';

/** Whether an address receives the newsletter: its owner clicked the confirmation link. */
export const isSubscribed = (status: string) => status === 'confirmed';

/** Whether a newsletter request waits for the click on its confirmation link. */
export const awaitsConfirmation = (status: string) => status === 'pending';
