import { createHash } from 'node:crypto';
import { AfterAnswer } from '../../server/afterAnswer';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../../server/auth/caller';
import type { Services } from '../../server/context';
import { createMailer } from '../../server/mail';
import { sendMissionOrder } from '../../server/notify/send';
import { loadRegistry } from '../../server/schemas';
import type { Row } from '../../server/store/types';
import { FileStorage } from '../../server/files/storage';
import { ACCOUNTS, ROOT, shiftDay, startWithLogins, today, type Client, type Reply, type TestServer } from './helpers';
import { mailCount, type SentMail, sentMails } from './outbox';
import { createService, insertService, network, wizardBody, type Network } from './service-fixtures';

/**
 * Notifications (docs/notifications.md): which event e-mails whom, in which language; the user's
 * settings and the company switch; the notification form's calls and refusals; the functions the
 * assignment save (MISSION_ORDER) and the reminders (SERVICE_REMINDER) call.
 */
let server: TestServer;
let net: Network;
let quality: Client; // Maison Lumière: decision maker, owner of the fixtures
let buyer: Client; // Maison Lumière
let manager: Client; // Atlas Inspection: provider
let sales: Client; // Shenzhen Textile Co: supplier
let outsider: Client; // another universe
let admin: Client; // super admin

beforeAll(async () => {
  ({ server, clients: { quality, buyer, manager, sales, outsider, admin } } = await startWithLogins(['quality', 'buyer', 'manager', 'sales', 'outsider', 'admin']));
  net = await network(server.store);
  // Recipients in their own languages: the provider's manager reads French, the buyer Italian.
  await setContact(ACCOUNTS.manager, { language: 'fr' });
  await setContact(ACCOUNTS.buyer, { language: 'it' });
});
afterAll(() => server?.close());

const setContact = (email: string, change: Row) => server.store.update('contacts', net.contacts[email], (contact) => ({ ...contact, ...change }));
const newService = async (fields: Row = {}) => (await insertService(server.store, { fields })).serviceId as number;
const confirmedFlow = { serviceStep: 'CONFIRMED', pendingDateBy: null, dateRelevance: 'ACCEPTED', providerConfirmed: true };
const numberOf = async (id: number) => String((await server.store.get('services', id))!.number);
const rules = (id: number, type: string) => `/back/bo/notify/services/${id}/rules/${type}`;

function ok(reply: Reply): any {
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
}

/** The mails an action sends: counted once the server's after-answer work has settled, before and after it. */
async function mailsOf(action: () => Promise<unknown>): Promise<SentMail[]> {
  const before = await mailCount(server);
  await action();
  await server.settled();
  return (await sentMails(server.outbox!)).slice(before);
}

const byRecipient = (mails: SentMail[]) => Object.fromEntries(mails.map((mail) => [mail.to, mail.subject]));

function services(): Services {
  return {
    db: server.db,
    registry: loadRegistry(join(ROOT, 'schemas')),
    version: 'test',
    prod: false,
    mailer: createMailer({ outbox: server.outbox }),
    files: new FileStorage(server.filesDir),
    appUrl: server.url,
    linkSecret: 'notification test secret',
    externalSites: {},
    later: new AfterAnswer(),
  };
}

describe('each event sends its notification to the expected people, in their language', () => {
  it('REQUEST_DATE: SERVICE_NEWREQUESTEDDATE to the parties who see the service (before confirmation: owner and provider)', async () => {
    const id = await newService();
    const number = await numberOf(id);
    const mails = await mailsOf(async () => ok(await quality.post('/back/bo/serviceDateLines/requestDate', { serviceId: id, startDate: shiftDay(today(), 40) })));
    expect(byRecipient(mails)).toEqual({
      [ACCOUNTS.buyer]: `QCFlow: nuova data proposta per ${number}`,
      [ACCOUNTS.manager]: `QCFlow : nouvelle date proposée pour ${number}`,
      [ACCOUNTS.inspector]: `QCFlow: new date proposed for ${number}`,
    });
    const french = mails.find((mail) => mail.to === ACCOUNTS.manager)!;
    expect(french.text).toContain('Bonjour');
    expect(french.html).toContain('Ouvrir l&#39;audit');
    expect(french.html).toContain(`/services/${id}`);
  });

  it('ACCEPT_DATE without the provider: SERVICE_TOCONFIRM to the provider only', async () => {
    // The order taker's proposal, answered by the decision maker: the dates are agreed, the provider must confirm.
    const id = await newService({ pendingDateBy: 'ORDER_TAKER', dateRelevance: 'IN_PROGRESS', serviceStep: 'REQUESTED' });
    const number = await numberOf(id);
    const mails = await mailsOf(async () => ok(await quality.post('/back/bo/serviceDateLines/acceptDate', { serviceId: id })));
    expect(byRecipient(mails)).toEqual({
      [ACCOUNTS.manager]: `QCFlow : audit ${number} à confirmer`,
      [ACCOUNTS.inspector]: `QCFlow: service ${number} to confirm`,
    });
  });

  it('CONFIRM: SERVICE_CONFIRMED to the other parties, MANDAT to the provider’s people', async () => {
    const id = await newService({ dateRelevance: 'ACCEPTED', pendingDateBy: null });
    const number = await numberOf(id);
    const mails = await mailsOf(async () => ok(await manager.patch(`/back/bo/services/${id}/CONFIRM`)));
    expect(byRecipient(mails)).toEqual({
      [ACCOUNTS.quality]: `QCFlow: service ${number} confirmed`,
      [ACCOUNTS.buyer]: `QCFlow: servizio ${number} confermato`,
      [ACCOUNTS.sales]: `QCFlow: service ${number} confirmed`,
      [ACCOUNTS.inspector]: `QCFlow: order for service ${number}`,
    });
    expect(mails.find((mail) => mail.to === ACCOUNTS.inspector)!.text).toContain('Maison Lumière');
  });

  it('POSTPONE, REQUEST_CANCEL and CANCEL: every party but the caller', async () => {
    const id = await newService(confirmedFlow);
    const number = await numberOf(id);
    const postponed = await mailsOf(async () => ok(await sales.post('/back/bo/serviceDateLines/postpone', { serviceId: id, startDate: shiftDay(today(), 45) })));
    expect(byRecipient(postponed)).toEqual({
      [ACCOUNTS.quality]: `QCFlow: service ${number} postponed`,
      [ACCOUNTS.buyer]: `QCFlow: servizio ${number} rinviato`,
      [ACCOUNTS.manager]: `QCFlow : audit ${number} reporté`,
      [ACCOUNTS.inspector]: `QCFlow: service ${number} postponed`,
    });
    const other = await newService(confirmedFlow);
    const otherNumber = await numberOf(other);
    const asked = await mailsOf(async () => ok(await buyer.patch(`/back/bo/services/${other}/REQUEST_CANCEL`)));
    expect(Object.keys(byRecipient(asked)).sort()).toEqual([ACCOUNTS.inspector, ACCOUNTS.manager, ACCOUNTS.quality, ACCOUNTS.sales].sort());
    expect(byRecipient(asked)[ACCOUNTS.manager]).toBe(`QCFlow : annulation demandée pour ${otherNumber}`);
    const cancelled = await mailsOf(async () => ok(await manager.patch(`/back/bo/services/${other}/CONFIRM_CANCEL`)));
    expect(byRecipient(cancelled)).toEqual({
      [ACCOUNTS.quality]: `QCFlow: service ${otherNumber} cancelled`,
      [ACCOUNTS.buyer]: `QCFlow: servizio ${otherNumber} annullato`,
      [ACCOUNTS.sales]: `QCFlow: service ${otherNumber} cancelled`,
      [ACCOUNTS.inspector]: `QCFlow: service ${otherNumber} cancelled`,
    });
  });

  it('a service a client creates: SERVICE_CREATED to the provider’s people, none to the client’s', async () => {
    const mails = await mailsOf(() => createService(quality, wizardBody(net)));
    expect(mails.map((mail) => mail.to).sort()).toEqual([ACCOUNTS.inspector, ACCOUNTS.manager].sort());
    expect(byRecipient(mails)[ACCOUNTS.manager]).toMatch(/^QCFlow : audit S-\d+ créé$/);
  });

  it('MISSION_ORDER (sendMissionOrder): the given contacts, an alert, a record', async () => {
    const id = await newService(confirmedFlow);
    const service = (await server.store.get('services', id))!;
    const caller = (await callerFor(server.db, net.contacts[ACCOUNTS.manager], { via: 'session', sessionKey: '' }))!;
    const inspectorId = net.contacts[ACCOUNTS.inspector];
    const before = await mailCount(server);
    const result = await sendMissionOrder(services(), service, [inspectorId], caller);
    expect(result.sent).toEqual([inspectorId]);
    const [mission] = (await sentMails(server.outbox!)).slice(before);
    expect(mission).toMatchObject({ to: ACCOUNTS.inspector, subject: `QCFlow: mission order for ${String(service.number)}` });
    expect(mission.text).toContain('Atlas Inspection puts you on service');
    const alerts = await server.store.find('alerts', (alert) => alert.contactId === inspectorId && alert.titleLink === `/services/${id}`);
    expect(alerts.map((alert) => alert.title)).toContain(`Mission order · ${String(service.number)}`);

    const records = await server.store.find('notifications', (row) => row.serviceId === id);
    expect(records.map((row) => row.type)).toEqual(['MISSION_ORDER']);
  });
});

describe('settings and the company switch', () => {
  it('allowNotification false or a list of types without this one: no automatic e-mail; the alert stays', async () => {
    await setContact(ACCOUNTS.buyer, { allowNotification: false });
    await setContact(ACCOUNTS.inspector, { notificationTypes: ['SERVICE_CANCELED'] });
    try {
      const id = await newService(confirmedFlow);
      const number = await numberOf(id);
      const mails = await mailsOf(async () => ok(await sales.post('/back/bo/serviceDateLines/postpone', { serviceId: id, startDate: shiftDay(today(), 46) })));
      expect(Object.keys(byRecipient(mails)).sort()).toEqual([ACCOUNTS.manager, ACCOUNTS.quality].sort());
      expect(ok(await buyer.get('/back/alerts/')).alerts).toContainEqual(expect.objectContaining({ titleLink: `/services/${id}`, title: expect.stringContaining(number) }));
    } finally {
      await setContact(ACCOUNTS.buyer, { allowNotification: true });
      await setContact(ACCOUNTS.inspector, { notificationTypes: undefined });
    }
  });

  it('a company whose notification e-mails are disabled: none of its contacts gets one (alerts stay); who may switch it', async () => {
    const config = (companyId: number) => `/back/bo/profile/company/${companyId}/notificationconfig`;
    expect(ok(await sales.get(config(net.shenzhen)))).toEqual({ companyId: net.shenzhen, notificationsDisabled: false });
    // The supplier's salesperson holds no MANAGER / COMPANY_ADMIN flag; the provider's manager only administers its own company.
    expect((await sales.put(config(net.shenzhen), { notificationsDisabled: true })).status).toBe(403);
    expect((await manager.put(config(net.lumiere), { notificationsDisabled: true })).status).toBe(404);
    expect((await outsider.get(config(net.lumiere))).status).toBe(404);
    expect((await quality.put(config(net.lumiere), { notificationsDisabled: 'yes' })).status).toBe(400);
    expect(ok(await quality.put(config(net.lumiere), { notificationsDisabled: true }))).toEqual({ companyId: net.lumiere, notificationsDisabled: true });
    try {
      const id = await newService(confirmedFlow);
      const mails = await mailsOf(async () => ok(await sales.post('/back/bo/serviceDateLines/postpone', { serviceId: id, startDate: shiftDay(today(), 47) })));
      expect(Object.keys(byRecipient(mails)).sort()).toEqual([ACCOUNTS.inspector, ACCOUNTS.manager].sort());
      expect(ok(await quality.get('/back/alerts/')).alerts).toContainEqual(expect.objectContaining({ titleLink: `/services/${id}` }));
      // The form offers Lumière's contacts disabled, but the caller's own.
      const emails = ok(await quality.get(`/back/bo/notify/services/${id}/emails`)) as Row[];
      const of = (email: string) => emails.find((row) => row.email === email)!;
      expect(of(ACCOUNTS.buyer)).toMatchObject({ allowNotification: false, disabled: true });
      expect(of(ACCOUNTS.quality)).toMatchObject({ allowNotification: false, disabled: false });
      expect(of(ACCOUNTS.manager)).toMatchObject({ allowNotification: true, disabled: false, companyName: 'Atlas Inspection' });
    } finally {
      // A super admin administers every company of its universe.
      ok(await admin.put(config(net.lumiere), { notificationsDisabled: false }));
    }
  });
});

describe('the notification form', () => {
  it('the wizard’s step: its contacts with their switch (GET /notify/contacts); a contact without notification e-mails is refused, one’s own is not', async () => {
    await setContact(ACCOUNTS.sales, { allowNotification: false });
    await setContact(ACCOUNTS.quality, { allowNotification: false });
    try {
      const contacts = ok(await quality.get(`/back/bo/notify/contacts?companyId=${net.shenzhen}&companyId=${net.lumiere}`)) as Row[];
      expect(new Set(contacts.map((row) => row.companyId))).toEqual(new Set([net.shenzhen, net.lumiere]));
      expect(contacts.find((row) => row.email === ACCOUNTS.sales)).toMatchObject({ disabled: true, label: 'Li Wei (Shenzhen Textile Co)' });
      expect(contacts.find((row) => row.email === ACCOUNTS.quality)).toMatchObject({ allowNotification: false, disabled: false });
      expect((await quality.get('/back/bo/notify/contacts?companyId=abc')).status).toBe(400);
      // Another universe's company: nothing.
      expect(ok(await outsider.get(`/back/bo/notify/contacts?companyId=${net.shenzhen}`))).toEqual([]);

      const refused = await quality.post('/back/bo/services', wizardBody(net, { notification: { doSend: true, tos: [net.contacts[ACCOUNTS.quality]], ccs: [net.contacts[ACCOUNTS.sales]] } }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ path: '/notification/ccs/0', message: expect.stringMatching(/does not take notification e-mails/) }]);
      const before = await mailCount(server);
      const created = await createService(quality, wizardBody(net, { notification: { doSend: true, tos: [net.contacts[ACCOUNTS.quality]], ccs: [] } }));
      await server.settled();
      const mails = (await sentMails(server.outbox!)).slice(before);
      expect(mails.filter((mail) => mail.to === ACCOUNTS.quality).map((mail) => mail.subject)).toEqual([`QCFlow: service ${String(created.number)} created`]);
    } finally {
      await setContact(ACCOUNTS.sales, { allowNotification: true });
      await setContact(ACCOUNTS.quality, { allowNotification: true });
    }
  });

  it('GET rules: the defaults of the type in the caller’s language; GET emails: the parties’ contacts and the wider lists', async () => {
    const id = await newService(confirmedFlow);
    const number = await numberOf(id);
    const form = ok(await manager.get(rules(id, 'SERVICE_CONFIRMED')));
    expect(form).toMatchObject({ doSend: true, locale: 'fr', subject: `QCFlow : audit ${number} confirmé`, ccs: [], comment: '', attachments: [], lastSend: null, replyTo: ACCOUNTS.manager });
    // The parties' contacts who take this type, never the caller.
    expect(form.tos).toEqual(expect.arrayContaining([net.contacts[ACCOUNTS.quality], net.contacts[ACCOUNTS.sales]]));
    expect(form.tos).not.toContain(net.contacts[ACCOUNTS.manager]);

    const parties = ok(await manager.get(`/back/bo/notify/services/${id}/emails`)) as Row[];
    expect(new Set(parties.map((row) => row.companyId))).toEqual(new Set([net.lumiere, net.shenzhen, net.atlas]));
    const network = ok(await manager.get(`/back/bo/notify/services/${id}/emails?includeNetworkContact=true`)) as Row[];
    expect(network.some((row) => row.companyId === net.ningbo)).toBe(true);
    const own = ok(await manager.get(`/back/bo/notify/services/${id}/emails?excludeCompanies=1`)) as Row[];
    expect(new Set(own.map((row) => row.companyId))).toEqual(new Set([net.atlas]));

    expect((await manager.get(rules(id, 'NOT_A_TYPE'))).status).toBe(400);
    expect((await outsider.get(rules(id, 'SERVICE_CONFIRMED'))).status).toBe(404);
    // Before the provider confirms, the supplier does not see the service.
    const early = await newService();
    expect((await sales.get(`/back/bo/notify/services/${early}/emails`)).status).toBe(404);
  });

  it('POST rules: sends to the chosen contacts (the form’s subject, reply-to, escaped comment), records lastSend, alerts', async () => {
    const id = await newService(confirmedFlow);
    const salesId = net.contacts[ACCOUNTS.sales];
    const before = await mailCount(server);
    const comment = 'Please check <b>the lot</b> & <script>alert(1)</script>';
    const answer = ok(await quality.post(rules(id, 'SERVICE_CONFIRMED'), {
      doSend: true, locale: null, subject: 'Lot 42 is confirmed', tos: [salesId], ccs: [net.contacts[ACCOUNTS.manager]], replyTo: ACCOUNTS.quality, comment, attachments: [], lastSend: null,
    }));
    expect(answer.sent.sort()).toEqual([salesId, net.contacts[ACCOUNTS.manager]].sort());
    const mails = (await sentMails(server.outbox!)).slice(before);
    expect(byRecipient(mails)).toEqual({ [ACCOUNTS.sales]: 'Lot 42 is confirmed', [ACCOUNTS.manager]: 'Lot 42 is confirmed' });
    const mail = mails.find((one) => one.to === ACCOUNTS.sales)!;
    expect(mail.replyTo).toBe(ACCOUNTS.quality);
    expect(mail.text).toContain(comment);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).not.toContain('<b>the lot</b>');
    // The French recipient reads the frame of the mail in French.
    expect(mails.find((one) => one.to === ACCOUNTS.manager)!.text).toContain('Message de');
    expect(ok(await quality.get(rules(id, 'SERVICE_CONFIRMED'))).lastSend).toBe(answer.lastSend);
    expect(ok(await sales.get('/back/alerts/')).alerts).toContainEqual(expect.objectContaining({ titleLink: `/services/${id}`, message: comment }));

    // doSend false: nothing sent.
    const quiet = await mailCount(server);
    expect(ok(await quality.post(rules(id, 'SERVICE_CONFIRMED'), { doSend: false, tos: [] })).sent).toEqual([]);
    expect(await mailCount(server)).toBe(quiet);
  });

  it('attachments: files of the service go with the e-mail', async () => {
    const id = await newService(confirmedFlow);
    const bytes = Buffer.from('%PDF-1.4 packing list\n');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const storage = new FileStorage(server.filesDir);
    await storage.writeAtomically(storage.blobPath(hash), bytes);
    const file = await server.db.transaction((tx) =>
      tx.insert('files', 'fileId', { entityId: id, fileType: 'SERVICE', fileName: 'packing-list.pdf', mimeType: 'application/pdf', byteSize: bytes.length, hash, picture: false, universeId: net.universeId }),
    );
    const before = await mailCount(server);
    ok(await quality.post(rules(id, 'SERVICE_CONFIRMED'), { subject: 'Packing list', tos: [net.contacts[ACCOUNTS.sales]], attachments: [file.fileId] }));
    const [mail] = (await sentMails(server.outbox!)).slice(before);
    expect(mail).toMatchObject({ to: ACCOUNTS.sales, subject: 'Packing list', attachments: ['packing-list.pdf'] });
    // A file of another service is refused.
    const other = await newService(confirmedFlow);
    const refused = await quality.post(rules(other, 'SERVICE_CONFIRMED'), { subject: 'Packing list', tos: [net.contacts[ACCOUNTS.sales]], attachments: [file.fileId] });
    expect(refused.status).toBe(422);
  });

  it('refusals: the to list and the subject when sending (400), lengths (400), recipients and files the form could not offer (422), nothing sent', async () => {
    const id = await newService(confirmedFlow);
    const salesId = net.contacts[ACCOUNTS.sales];
    const before = await mailCount(server);
    const paths = (reply: Reply) => (reply.body.errors as { path: string }[]).map((error) => error.path);
    const send = (body: Row) => quality.post(rules(id, 'SERVICE_CONFIRMED'), { doSend: true, subject: 'Hello', tos: [salesId], ...body });

    const noOne = await send({ tos: [] });
    expect(noOne.status).toBe(400);
    expect(paths(noOne)).toEqual(['/tos']);
    const blank = await send({ subject: '   ' });
    expect(blank.status).toBe(400);
    expect(paths(blank)).toEqual(['/subject']);
    const long = await send({ subject: 'x'.repeat(201), comment: 'y'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(paths(long).sort()).toEqual(['/comment', '/subject']);
    expect((await send({ notAField: 1 })).status).toBe(400);

    await setContact(ACCOUNTS.sales, { allowNotification: false });
    try {
      const disabled = await send({});
      expect(disabled.status).toBe(422);
      expect(disabled.body.errors).toEqual([{ path: '/tos/0', message: expect.stringMatching(/does not take notification e-mails/) }]);
      // One's own contact may be chosen even so.
      await setContact(ACCOUNTS.quality, { allowNotification: false });
      expect(ok(await send({ tos: [net.contacts[ACCOUNTS.quality]] })).sent).toEqual([net.contacts[ACCOUNTS.quality]]);
    } finally {
      await setContact(ACCOUNTS.sales, { allowNotification: true });
      await setContact(ACCOUNTS.quality, { allowNotification: true });
    }
    const foreign = await send({ ccs: [net.contacts[ACCOUNTS.outsider]] });
    expect(foreign.status).toBe(422);
    expect(paths(foreign)).toEqual(['/ccs/0']);
    const file = await send({ attachments: [999999] });
    expect(file.status).toBe(422);
    expect(paths(file)).toEqual(['/attachments/0']);
    expect((await outsider.post(rules(id, 'SERVICE_CONFIRMED'), { doSend: true, subject: 'x', tos: [salesId] })).status).toBe(404);

    // Only the one mail to the caller's own contact went out.
    expect((await sentMails(server.outbox!)).slice(before).map((mail) => mail.to)).toEqual([ACCOUNTS.quality]);
  });
});
