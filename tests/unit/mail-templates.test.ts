import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail } from '../../server/mailTemplates';
import { notificationsOf } from '../../server/services/serviceAlerts';
import { NOTIFICATION_TYPES, takesMail } from '../../server/notify/send';
import { languages, translate } from '../../server/i18n';

/** The e-mail layout (server/mailTemplates.ts, MJML) and the pure notification rules (docs/notifications.md). */
const params = { name: 'Léa <Admin>', number: 'S-000042', type: 'Final random inspection', dates: '2026-12-01', startDate: '2026-12-01', author: 'Tom', company: 'Atlas & Co', client: 'Maison Lumière' };
const link = 'https://qcflow.test/services/42?tab=overview&x=1';

describe('renderMail', () => {
  it('renders the layout as HTML and text: title, greeting, body, button with the link, footer', async () => {
    const mail = await renderMail({ kind: 'mail.service.SERVICE_CONFIRMED', lang: 'en', params, link, button: 'mail.service.button', footer: 'mail.footer.service' });
    expect(mail.subject).toBe('QCFlow: service S-000042 confirmed');
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain('<html lang="en"');
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
    expect(mail.html).toContain('Open the service');
    expect(mail.html).toContain('Service S-000042 confirmed');
    expect(mail.html).toContain('You receive this e-mail as a contact of service S-000042');
    // Table layout with inline styles for mail clients (MJML's output), no CSS class needed to show the button.
    expect(mail.html).toMatch(/<table[^>]+role="presentation"/);
    expect(mail.text).toBe(
      'Hello Léa <Admin>,\n\nService S-000042 (Final random inspection) is confirmed for 2026-12-01.\n\nOpen the service: https://qcflow.test/services/42?tab=overview&x=1\n\nThe QCFlow team\n\n-- \nYou receive this e-mail as a contact of service S-000042. Choose the notifications you receive in your QCFlow profile, under Notifications.\n',
    );
  });

  it('escapes every value and the comment: no HTML injection', async () => {
    const comment = '<script>alert("x")</script>\n<a href="https://evil.test">click</a> & <img src=x onerror=alert(1)>';
    const mail = await renderMail({ kind: 'mail.service.SERVICE_CREATED', lang: 'en', params: { ...params, author: '<b>Eve</b>' }, link, comment, author: '<b>Eve</b>', button: 'mail.service.button' });
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('evil.test">');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br />&lt;a href=&quot;https://evil.test&quot;&gt;click&lt;/a&gt; &amp; &lt;img');
    expect(mail.html).toContain('Message from &lt;b&gt;Eve&lt;/b&gt;:');
    expect(mail.html).toContain('Léa &lt;Admin&gt;');
    // The only link is the button's (and its copy as text).
    expect([...mail.html!.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([escapeHtml(link)]);
    expect(mail.text).toContain(`Message from <b>Eve</b>:\n\n${comment}`);
  });

  it('a subject given by the form replaces the type’s, on one line', async () => {
    const mail = await renderMail({ kind: 'mail.service.SERVICE_CREATED', lang: 'fr', params, link, subject: 'Lot 42\r\nBcc: x@evil.test', button: 'mail.service.button' });
    expect(mail.subject).toBe('Lot 42 Bcc: x@evil.test');
    expect(mail.html).toContain('Nouvel audit S-000042');
    expect(mail.text.startsWith('Bonjour Léa <Admin>,')).toBe(true);
  });

  it('password mails use the same layout in the recipient’s language', async () => {
    const mail = await renderMail({ kind: 'mail.reset', lang: 'it', params: { name: 'Gio', hours: 1 }, link: 'https://qcflow.test/auth/passwordReset?token=abc' });
    expect(mail.subject).toBe('QCFlow: scegli una nuova password');
    expect(mail.html).toContain('href="https://qcflow.test/auth/passwordReset?token=abc"');
    expect(mail.text).toContain('Scegli una nuova password: https://qcflow.test/auth/passwordReset?token=abc');
  });

  it('every notification type has its subject, title and body in every language', () => {
    for (const lang of languages) {
      for (const type of NOTIFICATION_TYPES) {
        for (const part of ['subject', 'title', 'body']) {
          const key = `mail.service.${type}.${part}`;
          expect(translate(lang, key, params), `${lang} ${key}`).not.toBe(key);
        }
      }
    }
  });
});

describe('which event sends what', () => {
  const step = (serviceStep: string, extra = {}) => ({ serviceId: 1, serviceStep, ...extra });
  it('maps the workflow and report events to their types and parties', () => {
    expect(notificationsOf(step('CONFIRMED'), 'CONFIRM')).toEqual([{ type: 'SERVICE_CONFIRMED', parties: 'others' }, { type: 'MANDAT', parties: 'provider' }]);
    expect(notificationsOf(step('CONFIRMED'), 'ACCEPT_DATE')).toEqual([{ type: 'SERVICE_CONFIRMED', parties: 'others' }, { type: 'MANDAT', parties: 'provider' }]);
    expect(notificationsOf(step('OPENED'), 'ACCEPT_DATE')).toEqual([{ type: 'SERVICE_TOCONFIRM', parties: 'provider' }]);
    expect(notificationsOf(step('OPENED'), 'REQUEST_DATE')).toEqual([{ type: 'SERVICE_NEWREQUESTEDDATE', parties: 'all' }]);
    expect(notificationsOf(step('OPENED'), 'POSTPONE')).toEqual([{ type: 'SERVICE_POSTPONED', parties: 'all' }]);
    expect(notificationsOf(step('CONFIRMED'), 'REQUEST_CANCEL')).toEqual([{ type: 'SERVICE_CANCEL_REQUEST', parties: 'all' }]);
    expect(notificationsOf(step('CANCELLED'), 'CANCEL')).toEqual([{ type: 'SERVICE_CANCELED', parties: 'all' }]);
    expect(notificationsOf(step('CANCELLED'), 'CONFIRM_CANCEL')).toEqual([{ type: 'SERVICE_CANCELED', parties: 'all' }]);
    expect(notificationsOf(step('TERMINATED', { report: {} }), 'COMPLETE')).toEqual([{ type: 'REPORT_AVAILABLE', parties: 'all' }]);
    expect(notificationsOf(step('TERMINATED'), 'COMPLETE')).toEqual([]);
    expect(notificationsOf(step('TERMINATED'), 'REPORT_DECISION')).toEqual([{ type: 'REPORT_DECISION', parties: 'all' }]);
    for (const quiet of ['REFUSE_DATE', 'DECLINE_CANCEL', 'REOPEN', 'UPDATED']) expect(notificationsOf(step('OPENED'), quiet)).toEqual([]);
  });

  it('a provider’s date its workflow settings confirmed at once (docs/settings.md) mails as a confirmation', () => {
    const confirmed = [{ type: 'SERVICE_CONFIRMED', parties: 'others' }, { type: 'MANDAT', parties: 'provider' }];
    expect(notificationsOf(step('CONFIRMED', { pendingDateBy: null }), 'REQUEST_DATE')).toEqual(confirmed);
    expect(notificationsOf(step('CONFIRMED', { pendingDateBy: null }), 'POSTPONE')).toEqual(confirmed);
    // A proposal that waits stays a proposal.
    expect(notificationsOf(step('OPENED', { pendingDateBy: 'SERVICE_PROVIDER' }), 'REQUEST_DATE')).toEqual([{ type: 'SERVICE_NEWREQUESTEDDATE', parties: 'all' }]);
  });

  it('takesMail: an address, the contact’s settings (but one’s own contact on the form), the company switch and the types turned off for the universe', () => {
    const contact = { contactId: 5, universeId: 1, companyId: 2, firstName: 'A', lastName: 'B', language: 'en' as const, email: 'a@b.test' };
    expect(takesMail(contact, {}, 'SERVICE_CONFIRMED')).toBe(true);
    expect(takesMail({ ...contact, email: undefined }, {}, 'SERVICE_CONFIRMED')).toBe(false);
    expect(takesMail(contact, { company: { notificationsDisabled: true } }, 'SERVICE_CONFIRMED', { manual: true })).toBe(false);
    expect(takesMail({ ...contact, notificationTypes: ['MANDAT'] }, {}, 'SERVICE_CONFIRMED')).toBe(false);
    expect(takesMail({ ...contact, notificationTypes: ['MANDAT'] }, {}, 'SERVICE_CONFIRMED', { manual: true })).toBe(true);
    expect(takesMail({ ...contact, allowNotification: false }, {}, 'SERVICE_CONFIRMED', { manual: true })).toBe(false);
    const own = { contact: { contactId: 5 } } as never;
    expect(takesMail({ ...contact, allowNotification: false }, {}, 'SERVICE_CONFIRMED', { manual: true, caller: own })).toBe(true);
    expect(takesMail({ ...contact, archived: true }, {}, 'SERVICE_CONFIRMED')).toBe(false);
    const universeOff = { universeTypesOff: new Set(['SERVICE_CONFIRMED']) };
    expect(takesMail(contact, universeOff, 'SERVICE_CONFIRMED')).toBe(false);
    expect(takesMail(contact, universeOff, 'SERVICE_CONFIRMED', { manual: true, caller: own })).toBe(false);
    expect(takesMail(contact, universeOff, 'MANDAT')).toBe(true);
  });
});
