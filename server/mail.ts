import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise every message is
 * rendered to an `.eml` file in the outbox folder (OUTBOX_DIR, default `data/outbox/`), so
 * nothing is lost on a machine without a mail server and tests can read what was sent.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** The outbox folder when messages are written as files. */
  outbox?: string;
}

export const MAIL_FROM = process.env.MAIL_FROM || 'QCFlow <no-reply@qcflow.test>';

export function createMailer(options: { smtpUrl?: string; outbox?: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: MAIL_FROM, ...mail })) };
  }
  const outbox = options.outbox ?? join('data', 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outbox,
    async send(mail) {
      const info = await transport.sendMail({ from: MAIL_FROM, ...mail });
      await mkdir(outbox, { recursive: true });
      // Sortable by time; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await writeFile(join(outbox, name), info.message as Buffer);
    },
  };
}
