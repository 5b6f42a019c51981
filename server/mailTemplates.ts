import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { translate, type Language } from './i18n';
import type { Mail } from './mail';

/**
 * Every e-mail QCFlow sends, rendered as HTML (MJML: tables and inline styles that common mail
 * clients show alike) and as plain text from one layout: the product name, a title, a greeting,
 * the body, an optional quoted comment, a button with the link, the signature and a footer.
 * The texts are server/locales keys of one mail kind `K` (`mail.reset`, `mail.service.SERVICE_CONFIRMED`):
 * `K.subject`, `K.title`, `K.body` (paragraphs split by a blank line), `K.button`, in the
 * recipient's language. Every value put in them (names, numbers, the sender's comment) is escaped:
 * a user's text never becomes markup.
 *
 * MJML compiles the layout when `npm run generate` runs (generated/mail/, scripts/generate/mail.ts),
 * its texts left as placeholders: the server only fills them, and never loads MJML (about a second
 * of its one thread).
 */
export interface MailContent {
  /** The mail kind, prefix of its locale keys. */
  kind: string;
  lang: Language;
  /** Values of the texts' `{placeholders}` (plain text). */
  params: Record<string, unknown>;
  /** The button's target. */
  link: string;
  /** A message written by a person (the notification form's comment), quoted under the body. */
  comment?: string;
  /** Who wrote the comment (shown above it). */
  author?: string;
  /** The footer's key (why the recipient gets this mail); default `mail.footer.account`. */
  footer?: string;
  /** Replaces the kind's subject (the notification form's subject). */
  subject?: string;
  /** The button's key; default `K.button`. */
  button?: string;
  /** The recipient's unsubscribe link (server/links/unsubscribe.ts): notification e-mails carry one in their footer. */
  unsubscribe?: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]);

/** Paragraphs (blank-line separated) of escaped text; single line breaks kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => escapeHtml(part).replace(/\n/g, '<br />'));

// The app's brand teal (app/theme.ts, shade 7: white text on it passes WCAG AA).
const BRAND = '#087f5b';
const TEXT = '#212529';
const MUTED = '#868e96';

interface Parts {
  subject: string;
  title: string;
  greeting: string;
  body: string[];
  commentLabel?: string;
  comment?: string[];
  button: string;
  signature: string;
  footer: string;
  unsubscribeLabel: string;
}

function partsOf(content: MailContent): Parts {
  const t = (key: string, extra: Record<string, unknown> = {}) => translate(content.lang, key, { ...content.params, ...extra });
  const comment = content.comment?.trim();
  return {
    subject: (content.subject?.trim() || t(`${content.kind}.subject`)).replace(/[\r\n]+/g, ' '),
    title: t(`${content.kind}.title`),
    greeting: t('mail.greeting'),
    body: t(`${content.kind}.body`).split(/\n{2,}/).map((part) => part.trim()).filter(Boolean),
    ...(comment ? { commentLabel: t('mail.comment', { author: content.author ?? '' }), comment: comment.split(/\n{2,}/) } : {}),
    button: t(content.button ?? `${content.kind}.button`),
    signature: t('mail.signature'),
    footer: t(content.footer ?? 'mail.footer.account'),
    unsubscribeLabel: t('mail.unsubscribe'),
  };
}

function mjmlOf(parts: Parts, link: string, lang: Language, unsubscribe: string): string {
  const text = (html: string, attributes = '') => `<mj-text${attributes}>${html}</mj-text>`;
  const comment = parts.comment
    ? `<mj-section padding="0 24px"><mj-column background-color="#f1f3f5" border-left="4px solid ${BRAND}" padding="8px 0">
        ${text(`<strong>${escapeHtml(parts.commentLabel!)}</strong>`, ' padding-bottom="0"')}
        ${parts.comment.map((part) => text(paragraphs(part).join('<br /><br />'))).join('\n')}
      </mj-column></mj-section>`
    : '';
  return `<mjml lang="${lang}">
  <mj-head>
    <mj-title>${escapeHtml(parts.subject)}</mj-title>
    <mj-preview>${escapeHtml(parts.title)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="${TEXT}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f8f9fa" width="600px">
    <mj-section padding="24px 24px 8px">
      <mj-column>${text(`<span style="font-size:22px;font-weight:700;color:${BRAND};letter-spacing:0.5px">QCFlow</span>`)}</mj-column>
    </mj-section>
    <mj-wrapper background-color="#ffffff" border="1px solid #dee2e6" border-radius="8px" padding="8px 0 16px">
      <mj-section padding="8px 24px 0">
        <mj-column>
          ${text(`<h1 style="margin:0;font-size:20px;line-height:1.3">${escapeHtml(parts.title)}</h1>`)}
          ${text(escapeHtml(parts.greeting))}
          ${parts.body.map((part) => text(paragraphs(part).join(''))).join('\n')}
        </mj-column>
      </mj-section>
      ${comment}
      <mj-section padding="8px 24px 0">
        <mj-column>
          <mj-button href="${escapeHtml(link)}" background-color="${BRAND}" color="#ffffff" font-size="15px" font-weight="600" border-radius="6px" inner-padding="12px 24px" align="left">${escapeHtml(parts.button)}</mj-button>
          ${text(`<span style="color:${MUTED};font-size:13px">${escapeHtml(link)}</span>`, ' padding-top="0"')}
          ${text(escapeHtml(parts.signature))}
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="12px 24px 24px">
      <mj-column>${text(`<span style="color:${MUTED};font-size:12px">${escapeHtml(parts.footer)}${unsubscribe}</span>`, ' line-height="1.4"')}</mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function textOf(parts: Parts, link: string, unsubscribe?: string): string {
  const comment = parts.comment ? [`${parts.commentLabel}`, parts.comment.join('\n\n')] : [];
  const footer = unsubscribe ? `${parts.footer}\n${parts.unsubscribeLabel}: ${unsubscribe}` : parts.footer;
  return [parts.greeting, ...parts.body, ...comment, `${parts.button}: ${link}`, parts.signature, `-- \n${footer}`].join('\n\n') + '\n';
}

/** A placeholder the compiled layout keeps as it is (letters only: MJML neither escapes nor wraps it). */
const slot = (name: string) => `QCFLOWSLOT${name}END`;
const SLOTS = { subject: slot('SUBJECT'), title: slot('TITLE'), greeting: slot('GREETING'), body: slot('BODY'), commentLabel: slot('COMMENTLABEL'), comment: slot('COMMENT'), button: slot('BUTTON'), signature: slot('SIGNATURE'), footer: slot('FOOTER'), link: slot('LINK'), unsubscribe: slot('UNSUBSCRIBE') };

/** The layout's shapes: without and with a quoted comment. */
export const LAYOUT_SHAPES = [false, true] as const;

/** The compiled layout's file under generated/mail/ for a language and shape. */
export const layoutFile = (lang: Language, withComment: boolean) => `${lang}-${withComment ? 'comment' : 'plain'}.html`;

/** The MJML of the layout, its texts left as placeholders (compiled by scripts/generate/mail.ts). */
export function layoutSource(lang: Language, withComment: boolean): string {
  const { unsubscribe, ...texts } = SLOTS;
  const skeleton: Parts = { ...texts, unsubscribeLabel: '', body: [SLOTS.body], ...(withComment ? { comment: [SLOTS.comment] } : { commentLabel: undefined, comment: undefined }) };
  return mjmlOf(skeleton, SLOTS.link, lang, unsubscribe);
}

const GENERATED = fileURLToPath(new URL('../generated/mail/', import.meta.url));
const layouts = new Map<string, string>();
function layoutOf(lang: Language, withComment: boolean): string {
  const file = layoutFile(lang, withComment);
  let layout = layouts.get(file);
  if (layout === undefined) {
    layout = readFileSync(`${GENERATED}${file}`, 'utf8');
    layouts.set(file, layout);
  }
  return layout;
}

/** The subject, HTML and text of one mail (without its recipient). */
export async function renderMail(content: MailContent): Promise<Omit<Mail, 'to'>> {
  const parts = partsOf(content);
  const layout = layoutOf(content.lang, !!parts.comment);
  const blocks = (texts: string[]) => texts.map((part) => paragraphs(part).join('<br /><br />')).join('<br /><br />');
  const values: Record<string, string> = {
    [SLOTS.subject]: escapeHtml(parts.subject),
    [SLOTS.title]: escapeHtml(parts.title),
    [SLOTS.greeting]: escapeHtml(parts.greeting),
    [SLOTS.body]: blocks(parts.body),
    [SLOTS.commentLabel]: escapeHtml(parts.commentLabel ?? ''),
    [SLOTS.comment]: blocks(parts.comment ?? []),
    [SLOTS.button]: escapeHtml(parts.button),
    [SLOTS.signature]: escapeHtml(parts.signature),
    [SLOTS.footer]: escapeHtml(parts.footer),
    [SLOTS.link]: escapeHtml(content.link),
    // The footer's own line: the link to stop this type of e-mail, when the mail has one.
    [SLOTS.unsubscribe]: content.unsubscribe ? `<br /><a href="${escapeHtml(content.unsubscribe)}" style="color:${MUTED}">${escapeHtml(parts.unsubscribeLabel)}</a>` : '',
  };
  // One pass: a value is never read again as a placeholder.
  const html = layout.replace(/QCFLOWSLOT[A-Z]+?END/g, (token) => values[token] ?? '');
  return {
    subject: parts.subject,
    html,
    text: textOf(parts, content.link, content.unsubscribe),
    // Mail clients show their own "unsubscribe" button from this header (RFC 2369).
    ...(content.unsubscribe ? { list: { unsubscribe: content.unsubscribe } } : {}),
  };
}
