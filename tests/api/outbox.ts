import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The .eml files the test server's mailer wrote (server/mail.ts), decoded enough to read them. */
export interface SentMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

const decodeBytes = (text: string) => Buffer.from(text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** Quoted-printable body: soft line breaks joined, `=XX` bytes decoded as UTF-8. */
const quotedPrintable = (body: string) => decodeBytes(body.replace(/=\r?\n/g, ''));

/** `=?UTF-8?Q?…?=` header words (RFC 2047) as text. */
const headerWords = (value: string) =>
  value.replace(/\r?\n\s+/g, ' ').replace(/=\?UTF-8\?Q\?([^?]*)\?=\s?/gi, (_, word: string) => decodeBytes(word.replace(/_/g, ' ')));

function parse(file: string, raw: string): SentMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => headerWords(new RegExp(`^${name}: (.*(?:\\r?\\n\\s+.*)*)`, 'im').exec(head)?.[1] ?? '');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? quotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { file, to: header('To'), subject: header('Subject'), text };
}

/** Every mail of the outbox, oldest first. */
export async function sentMails(outbox: string): Promise<SentMail[]> {
  if (!existsSync(outbox)) return [];
  const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => parse(name, await readFile(join(outbox, name), 'utf8'))));
}

/** Waits until the outbox holds `count` mails (the server sends after answering). */
export async function waitForMails(outbox: string, count: number, timeoutMs = 5000): Promise<SentMail[]> {
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
