import { z } from 'zod';
import { contactStatuses } from '../domain/marketing-status';
import { Email, ListQuery, Required, Text } from './admin-common';
import { endpoint, Id, pageOf } from './common';

// Newsletter (double opt-in through the e-mail outbox) and the contact form (docs/marketing.md).

const Token = z.string().trim().min(20, 'The link is incomplete').max(200);

export const subscribeNewsletter = endpoint({
  method: 'POST',
  path: '/api/v1/marketing/newsletter',
  access: 'public',
  summary:
    'Ask for the newsletter: a confirmation link goes to the address. The answer is the same whether or not it is subscribed already',
  body: z.object({ email: Email }),
  response: z.object({ data: z.object({ message: z.string() }) }),
  status: 202,
});

const Subscription = z.object({ email: z.string(), status: z.enum(['confirmed', 'unsubscribed']) });

export const confirmNewsletter = endpoint({
  method: 'POST',
  path: '/api/v1/marketing/newsletter/confirm',
  access: 'public',
  summary:
    "Confirm a newsletter request with the token of the mail's link (consent stored with time and address)",
  body: z.object({ token: Token }),
  response: z.object({ data: Subscription }),
});

export const unsubscribeNewsletter = endpoint({
  method: 'POST',
  path: '/api/v1/marketing/newsletter/unsubscribe',
  access: 'public',
  summary: 'Unsubscribe with the token of the link every newsletter mail carries',
  body: z.object({ token: Token }),
  response: z.object({ data: Subscription }),
});

export const ContactInput = z.object({
  subject: Required('a subject', 150),
  message: Required('your message', 5000),
  /** The order it is about, when there is one. */
  orderNumber: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]*$/, 'Letters, digits and dashes only')
    .default(''),
});
export type ContactInput = z.input<typeof ContactInput>;

export const ContactMessage = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  companyName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  orderNumber: z.string().nullable(),
  status: z.enum(contactStatuses),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessage>;

export const sendContact = endpoint({
  method: 'POST',
  path: '/api/v1/marketing/contact',
  access: 'user',
  summary: 'A message to support (the sender gets a copy); a few per hour per user and address',
  body: ContactInput,
  response: z.object({ data: ContactMessage }),
  status: 201,
});

export const listContact = endpoint({
  method: 'GET',
  path: '/api/v1/marketing/contact',
  access: 'support',
  summary: 'The support inbox: contact messages, open ones first',
  query: ListQuery.extend({ status: z.enum(contactStatuses).optional() }),
  response: pageOf(ContactMessage),
});

export const answerContact = endpoint({
  method: 'PUT',
  path: '/api/v1/marketing/contact/:id',
  access: 'support',
  summary: 'Answer a contact message (mailed to the sender) or open it again',
  params: z.object({ id: Id }),
  body: z
    .object({ status: z.enum(contactStatuses), answer: Text(5000).optional() })
    .refine((b) => b.status !== 'answered' || !!b.answer, { message: 'Write the answer', path: ['answer'] }),
  response: z.object({ data: ContactMessage }),
});
