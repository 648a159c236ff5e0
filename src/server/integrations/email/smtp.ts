import nodemailer from 'nodemailer';
import type { MailTransport } from './outbox';

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
  };
}
