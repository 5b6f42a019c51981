import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
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
  /**
   * Makes sending idempotent (a mail sent again after a crash, server/jobs): the Message-ID
   * header, and in the outbox folder the file name, so the same mail is one file whatever the
   * number of attempts. Over SMTP a repeat keeps its Message-ID, by which mail clients drop it.
   */
  messageId?: string;
  /** The mail's Date (and the outbox file's time), fixed when the mail was decided. */
  date?: Date;
  replyTo?: string;
  /** The List-Unsubscribe header (nodemailer's `list`): notification e-mails carry their unsubscribe link. */
  list?: { unsubscribe: string };
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
      const stamp = (mail.date ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const random = Math.random().toString(36).slice(2, 8);
      if (!mail.messageId) return writeFile(join(outbox, `${stamp}-${random}.eml`), info.message as Buffer);
      // One file per message id, appearing whole: written aside, then linked (fails if it exists).
      const file = join(outbox, `${stamp}-${mail.messageId.replace(/[^\w.-]+/g, '_')}.eml`);
      const partial = `${file}.${random}.partial`;
      await writeFile(partial, info.message as Buffer);
      await link(partial, file)
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error;
        })
        .finally(() => unlink(partial));
    },
  };
}
