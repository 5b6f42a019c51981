import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The .eml files the test server's mailer wrote (server/mail.ts), decoded enough to read them. */
export interface SentMail {
  file: string;
  to: string;
  subject: string;
  /** The plain-text body (the text part of a multipart mail). */
  text: string;
  /** The HTML part, when the mail has one. */
  html?: string;
  replyTo: string;
  /** The file names of the attachments. */
  attachments: string[];
}

const decodeBytes = (text: string) => Buffer.from(text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** Quoted-printable body: soft line breaks joined, `=XX` bytes decoded as UTF-8. */
const quotedPrintable = (body: string) => decodeBytes(body.replace(/=\r?\n/g, ''));

/** `=?UTF-8?Q?…?=` header words (RFC 2047) as text. */
const headerWords = (value: string) =>
  value.replace(/\r?\n\s+/g, ' ').replace(/=\?UTF-8\?Q\?([^?]*)\?=\s?/gi, (_, word: string) => decodeBytes(word.replace(/_/g, ' ')));

interface Part {
  header: (name: string) => string;
  body: string;
}

function partOf(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return { header: (name) => headerWords(new RegExp(`^${name}: (.*(?:\\r?\\n\\s+.*)*)`, 'im').exec(head)?.[1] ?? ''), body };
}

const decoded = (part: Part) => {
  const encoding = part.header('Content-Transfer-Encoding').toLowerCase();
  return encoding === 'quoted-printable' ? quotedPrintable(part.body) : encoding === 'base64' ? Buffer.from(part.body, 'base64').toString('utf8') : part.body;
};

/** The leaf parts of a (possibly nested) multipart body. */
function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";\s]+)"?/i.exec(part.header('Content-Type'))?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(partOf(chunk.replace(/^\r?\n/, ''))));
}

function parse(file: string, raw: string): SentMail {
  const mail = partOf(raw);
  const parts = leaves(mail);
  const ofType = (type: string) => parts.find((part) => part.header('Content-Type').toLowerCase().startsWith(type) && !/attachment/i.test(part.header('Content-Disposition')));
  const text = ofType('text/plain');
  const html = ofType('text/html');
  const attachments = parts.map((part) => /filename="?([^";]+)"?/i.exec(part.header('Content-Disposition'))?.[1]).filter((name): name is string => !!name);
  return {
    file,
    to: mail.header('To'),
    subject: mail.header('Subject'),
    text: text ? decoded(text) : '',
    ...(html ? { html: decoded(html) } : {}),
    replyTo: mail.header('Reply-To'),
    attachments,
  };
}

/** Every mail of the outbox, oldest first. */
export async function sentMails(outbox: string): Promise<SentMail[]> {
  if (!existsSync(outbox)) return [];
  const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => parse(name, await readFile(join(outbox, name), 'utf8'))));
}

/** Waits until the outbox holds `count` mails (the server sends after answering); a busy CI core may take long. */
export async function waitForMails(outbox: string, count: number, timeoutMs = 30_000): Promise<SentMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await sentMails(outbox);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The `?token=` of the first password link in a mail. */
export function linkToken(mail: SentMail): { link: string; token: string } {
  const link = /https?:\/\/\S+\/auth\/passwordReset\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no password link in: ${mail.text}`);
  return { link, token: new URL(link).searchParams.get('token')! };
}

/**
 * How many mails the outbox holds once the test server's after-answer work has ended
 * (`settled`): no mail of an earlier call is still on its way to be counted later.
 */
export async function mailCount(server: { outbox?: string; settled(): Promise<void> }): Promise<number> {
  await server.settled();
  return (await sentMails(server.outbox!)).length;
}
