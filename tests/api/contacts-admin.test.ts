import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Contact } from '../../server/identity';
import { ACCOUNTS, Client, DEMO_PASSWORD, loginAs, startServer, type TestServer } from './helpers';
import { linkToken, waitForMails } from './outbox';

/** Contacts administration (docs/identity.md "Administration"): scope, rows, profiles and escalation, archive, unlock, welcome. */
let server: TestServer;
let manager: Client;
let admin: Client;

const BASE = '/back/bo/contacts/admin';
const contactOf = async (email: string) => (await server.store.find<Contact>('contacts', (contact) => contact.email === email))[0];
const companyId = async (name: string) => (await server.store.find<Company>('companies', (company) => company.name === name))[0].companyId;
const newContact = async (email: string, extra: Record<string, unknown> = {}) => ({ firstName: 'Lena', lastName: 'Vogel', email, position: 'Inspector', language: 'en', companyId: await companyId('Atlas Inspection'), ...extra });

beforeAll(async () => {
  server = await startServer();
  manager = await loginAs(server, ACCOUNTS.manager);
  admin = await loginAs(server, ACCOUNTS.admin);
});
afterAll(() => server?.close());

describe('search and read', () => {
  it("lists the manager's own company by default, with the account state but never the account", async () => {
    const reply = await manager.get(`${BASE}/`);
    expect(reply.status).toBe(200);
    const atlas = await companyId('Atlas Inspection');
    expect(reply.body.length).toBe((await server.store.find<Contact>('contacts', (contact) => contact.companyId === atlas)).length);
    expect(reply.body.every((row: Contact) => row.companyId === atlas)).toBe(true);
    const inspector = reply.body.find((row: Contact) => row.email === ACCOUNTS.inspector);
    expect(inspector).toMatchObject({ firstName: 'Tom', lastName: 'Becker', profiles: ['CONTRIBUTOR'], locked: false, twoFactorEnabled: false, passwordSet: true, archived: false });
    const staff = reply.body.find((row: Contact) => row.lastName === 'Mehta');
    expect(staff).toMatchObject({ profiles: [], passwordSet: false, locked: false });
    expect(reply.text).not.toContain('"account"');
    expect(reply.text).not.toContain('passwordHash');
    expect(reply.text).not.toContain('scrypt$');
    const one = await manager.get(`${BASE}/${inspector.contactId}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(inspector);
  });

  it('lets a super admin search any company of the universe, accent-insensitive keywords', async () => {
    const porto = await admin.get(`${BASE}/`, { companyId: await companyId('Porto Malhas Lda'), keywords: 'joao SILVA' });
    expect(porto.status).toBe(200);
    expect(porto.body.map((row: Contact) => row.firstName)).toEqual(['João']);
    expect((await admin.get(`${BASE}/`, { companyId: await companyId('Porto Malhas Lda'), keywords: 'quality' })).body).toHaveLength(1);
    expect((await admin.get(`${BASE}/`, { companyId: await companyId('Porto Malhas Lda'), keywords: 'nobody' })).body).toEqual([]);
    // Another universe is not administered.
    expect((await admin.get(`${BASE}/`, { companyId: await companyId('Northwind Goods') })).status).toBe(403);
    expect((await admin.get(`${BASE}/${(await contactOf(ACCOUNTS.outsider)).contactId}`)).status).toBe(404);
  });

  it('answers 400 for malformed criteria', async () => {
    expect((await manager.get(`${BASE}/`, { companyId: 'atlas' })).status).toBe(400);
    expect((await manager.get(`${BASE}/`, { archived: 'maybe' })).status).toBe(400);
  });

  it('gives a manager of another company 404 on records and 403 on their company', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality);
    const inspector = await contactOf(ACCOUNTS.inspector);
    expect((await quality.get(`${BASE}/${inspector.contactId}`)).status).toBe(404);
    expect((await quality.put(`${BASE}/${inspector.contactId}`, { ...(await newContact('x@y.test')), version: inspector.version })).status).toBe(404);
    expect((await quality.delete(`${BASE}/${inspector.contactId}`)).status).toBe(404);
    expect((await quality.patch(`${BASE}/${inspector.contactId}/unlock`)).status).toBe(404);
    expect((await quality.get(`${BASE}/${inspector.contactId}/welcome`)).status).toBe(404);
    expect((await quality.get(`${BASE}/`, { companyId: inspector.companyId })).status).toBe(403);
    expect((await quality.post(BASE, await newContact('intruder@inspect.test'))).status).toBe(403);
    expect(await contactOf('intruder@inspect.test')).toBeUndefined();
    expect((await contactOf(ACCOUNTS.inspector)).archived).toBeUndefined();
  });

  it('refuses users without the MANAGER flag (LOCAL_MANAGER, CONTRIBUTOR): 403', async () => {
    for (const email of [ACCOUNTS.buyer, ACCOUNTS.inspector]) {
      const client = await loginAs(server, email);
      expect((await client.get(`${BASE}/`)).status).toBe(403);
      expect((await client.get(`${BASE}/${(await contactOf(email)).contactId}`)).status).toBe(403);
      expect((await client.post(BASE, await newContact(`by.${email}`))).status).toBe(403);
    }
  });
});

describe('create and update', () => {
  it('creates a contact with an account holding the profiles, validated by the contact schema', async () => {
    const reply = await manager.post(BASE, { ...(await newContact('lena.vogel@inspect.test', { profiles: ['CONTRIBUTOR'] })), account: { profiles: ['SUPER_ADMIN'], passwordHash: 'x' }, archived: true });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ firstName: 'Lena', profiles: ['CONTRIBUTOR'], archived: false, passwordSet: false, locked: false, version: 1, universeId: 1 });
    expect(reply.body.account).toBeUndefined();
    const stored = await contactOf('lena.vogel@inspect.test');
    expect(stored.account).toEqual({ profiles: ['CONTRIBUTOR'], failedLogins: 0 });
    expect(stored.archived).toBe(false);

    const invalid = await manager.post(BASE, { firstName: 'No', email: 'not-an-email', language: 'de', companyId: await companyId('Atlas Inspection'), profiles: ['KING'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.exception).toBe('ValidationException');
    expect(invalid.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(['/email', '/language', '/lastName', '/profiles/0']);
  });

  it('creates a contact without account when no profile is given', async () => {
    const reply = await manager.post(BASE, await newContact('no.login@inspect.test'));
    expect(reply.status).toBe(201);
    expect(reply.body.profiles).toEqual([]);
    expect((await contactOf('no.login@inspect.test')).account).toBeUndefined();
  });

  it('applies the profile rules (owner adds manager, administrator covers manager)', async () => {
    const owner = await admin.post(BASE, await newContact('owner@inspect.test', { profiles: ['OWNER'] }));
    expect(owner.status).toBe(201);
    expect(owner.body.profiles).toEqual(['OWNER', 'MANAGER']);
    const superAdmin = await admin.post(BASE, await newContact('root@inspect.test', { profiles: ['SUPER_ADMIN', 'MANAGER'] }));
    expect(superAdmin.body.profiles).toEqual(['SUPER_ADMIN']);
  });

  it('refuses to grant profiles with rights the caller does not hold (403), on create and update', async () => {
    for (const profiles of [['SUPER_ADMIN'], ['OWNER'], ['ADMIN_OPERATION']]) {
      const reply = await manager.post(BASE, await newContact('climber@inspect.test', { profiles }));
      expect(reply.status, profiles.join()).toBe(403);
      expect(reply.body.message).toBe('You cannot grant a profile with rights you do not hold yourself');
    }
    expect(await contactOf('climber@inspect.test')).toBeUndefined();
    const inspector = await contactOf(ACCOUNTS.inspector);
    const { account: _account, ...fields } = inspector;
    expect((await manager.put(`${BASE}/${inspector.contactId}`, { ...fields, profiles: ['SUPER_ADMIN'] })).status).toBe(403);
    // A manager cannot promote themself either.
    const self = await contactOf(ACCOUNTS.manager);
    const { account: _own, ...mine } = self;
    expect((await manager.put(`${BASE}/${self.contactId}`, { ...mine, profiles: ['MANAGER', 'SUPER_ADMIN'] })).status).toBe(403);
    expect((await contactOf(ACCOUNTS.inspector)).account!.profiles).toEqual(['CONTRIBUTOR']);
    expect((await contactOf(ACCOUNTS.manager)).account!.profiles).toEqual(['MANAGER']);
    // Nor take over a more privileged colleague (e.g. by changing their e-mail).
    const owner = await contactOf('owner@inspect.test');
    const { account: _owner, ...ownerFields } = owner;
    expect((await manager.put(`${BASE}/${owner.contactId}`, { ...ownerFields, email: 'mine@inspect.test' })).status).toBe(403);
    expect((await manager.delete(`${BASE}/${owner.contactId}`)).status).toBe(403);
    // The rights a manager holds can be granted.
    expect((await manager.post(BASE, await newContact('deputy@inspect.test', { profiles: ['MANAGER', 'ADMIN_ACCOUNTING'] }))).status).toBe(201);
  });

  it("refuses an e-mail already in use, whatever its case (422)", async () => {
    const created = await manager.post(BASE, await newContact(ACCOUNTS.quality.toUpperCase()));
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({ exception: 'BusinessException', message: 'e-mail already in use' });
    const inspector = await contactOf(ACCOUNTS.inspector);
    const { account: _account, ...fields } = inspector;
    const updated = await manager.put(`${BASE}/${inspector.contactId}`, { ...fields, email: 'Manager@Inspect.test' });
    expect(updated.status).toBe(422);
    expect(updated.body.message).toBe('e-mail already in use');
    // Keeping one's own e-mail is fine.
    expect((await manager.put(`${BASE}/${inspector.contactId}`, { ...fields, position: 'Lead inspector' })).status).toBe(200);
  });

  it('updates with the version (required, 409 when stale), keeping profiles left out', async () => {
    const inspector = await contactOf(ACCOUNTS.inspector);
    const { account: _account, version, ...fields } = inspector;
    expect((await manager.put(`${BASE}/${inspector.contactId}`, fields)).status).toBe(400);
    const updated = await manager.put(`${BASE}/${inspector.contactId}`, { ...fields, phone: '+33 4 72 00 00 00', version });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ phone: '+33 4 72 00 00 00', profiles: ['CONTRIBUTOR'], passwordSet: true, version: version + 1 });
    const stale = await manager.put(`${BASE}/${inspector.contactId}`, { ...fields, phone: '+33 1', version });
    expect(stale.status).toBe(409);
    expect((await contactOf(ACCOUNTS.inspector)).phone).toBe('+33 4 72 00 00 00');
    expect((await contactOf(ACCOUNTS.inspector)).account!.passwordHash).toBe(inspector.account!.passwordHash);
    // Moving a contact to a company the manager does not administer.
    expect((await manager.put(`${BASE}/${inspector.contactId}`, { ...fields, companyId: await companyId('Maison Lumière'), version: version + 1 })).status).toBe(403);
  });

  it('removing every profile removes the login (and ends the sessions); giving one back restores it', async () => {
    const created = await manager.post(BASE, await newContact('temp.user@inspect.test', { profiles: ['CONTRIBUTOR'] }));
    const id = created.body.contactId;
    const { passwordHash } = (await contactOf(ACCOUNTS.inspector)).account!;
    await server.store.update<Contact>('contacts', id, (contact) => ({ ...contact, account: { ...contact.account!, passwordHash } }));
    const user = await loginAs(server, 'temp.user@inspect.test');
    const { account: _account, ...fields } = await contactOf('temp.user@inspect.test');
    const removed = await manager.put(`${BASE}/${id}`, { ...fields, profiles: [] });
    expect(removed.status).toBe(200);
    expect(removed.body.profiles).toEqual([]);
    expect((await user.get('/back/auth/profile')).status).toBe(403);
    expect((await new Client(server.url).login('temp.user@inspect.test', DEMO_PASSWORD)).status).toBe(401);
    const restored = await manager.put(`${BASE}/${id}`, { ...fields, version: removed.body.version, profiles: ['CONTRIBUTOR'] });
    expect(restored.body.passwordSet).toBe(true);
    expect((await new Client(server.url).login('temp.user@inspect.test', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('archive', () => {
  it("refuses to archive one's own contact (422)", async () => {
    const reply = await manager.delete(`${BASE}/${(await contactOf(ACCOUNTS.manager)).contactId}`);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('You cannot archive your own contact');
    expect((await contactOf(ACCOUNTS.manager)).archived).toBeUndefined();
  });

  it('archives (never deletes): hidden from the default search, shown with archived=true, cannot log in, sessions ended', async () => {
    const created = await manager.post(BASE, await newContact('leaving@inspect.test', { profiles: ['CONTRIBUTOR'] }));
    const id = created.body.contactId;
    const { passwordHash } = (await contactOf(ACCOUNTS.inspector)).account!;
    await server.store.update<Contact>('contacts', id, (contact) => ({ ...contact, account: { ...contact.account!, passwordHash } }));
    const leaving = await loginAs(server, 'leaving@inspect.test');
    const reply = await manager.delete(`${BASE}/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(true);
    expect((await contactOf('leaving@inspect.test')).archived).toBe(true);
    expect((await manager.get(`${BASE}/`)).body.some((row: Contact) => row.contactId === id)).toBe(false);
    expect((await manager.get(`${BASE}/`, { archived: 'true' })).body.map((row: Contact) => row.contactId)).toContain(id);
    expect((await manager.get(`${BASE}/${id}`)).body.archived).toBe(true);
    expect((await leaving.get('/back/auth/profile')).status).toBe(403);
    const login = await new Client(server.url).login('leaving@inspect.test', DEMO_PASSWORD);
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Authentication failed');
  });
});

describe('unlock', () => {
  it('clears the lock after repeated failed logins', async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 5; i++) await client.login(ACCOUNTS.inspector, 'wrong-password');
    expect((await client.login(ACCOUNTS.inspector)).status).toBe(401);
    const id = (await contactOf(ACCOUNTS.inspector)).contactId;
    expect((await manager.get(`${BASE}/${id}`)).body.locked).toBe(true);
    const reply = await manager.patch(`${BASE}/${id}/unlock`);
    expect(reply.status).toBe(200);
    expect(reply.body.locked).toBe(false);
    expect((await contactOf(ACCOUNTS.inspector)).account).toMatchObject({ failedLogins: 0 });
    expect((await contactOf(ACCOUNTS.inspector)).account!.lockedUntil).toBeUndefined();
    expect((await client.login(ACCOUNTS.inspector)).status).toBe(200);
  });
});

describe('welcome invitation', () => {
  it('refuses a contact without e-mail or without profile (422)', async () => {
    const noMail = await manager.post(BASE, { ...(await newContact('')), email: undefined, profiles: ['CONTRIBUTOR'] });
    expect(noMail.status).toBe(201);
    const a = await manager.get(`${BASE}/${noMail.body.contactId}/welcome`);
    expect(a.status).toBe(422);
    expect(a.body.message).toBe('The contact has no e-mail address');
    const b = await manager.get(`${BASE}/${(await contactOf('no.login@inspect.test')).contactId}/welcome`);
    expect(b.status).toBe(422);
    expect(b.body.message).toBe('The contact has no profile: give them one before inviting them');
  });

  it('needs X-Requested-With (it sends a mail and invalidates older links)', async () => {
    const plain = await loginAs(server, ACCOUNTS.manager, { xhr: false });
    const reply = await plain.get(`${BASE}/${(await contactOf('lena.vogel@inspect.test')).contactId}/welcome`);
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('Request refused: it does not come from the application');
  });

  it('e-mails a 7-day set-password link that lets the invited user choose a password and log in', async () => {
    const before = (await waitForMails(server.outbox!, 0)).length;
    const id = (await contactOf('lena.vogel@inspect.test')).contactId;
    const reply = await manager.get(`${BASE}/${id}/welcome`);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(true);
    const mails = await waitForMails(server.outbox!, before + 1);
    const mail = mails[mails.length - 1];
    expect(mail.to).toContain('lena.vogel@inspect.test');
    expect(mail.subject).toBe('Welcome to QCFlow');
    expect(mail.text).toContain('Lena Vogel');
    const { link, token } = linkToken(mail);
    expect(link.startsWith(`${server.url}/auth/passwordReset?token=`)).toBe(true);
    const stored = await server.store.find('passwordTokens', (row) => row.contactId === id && row.kind === 'welcome');
    expect(stored).toHaveLength(1);
    expect(Date.parse(String(stored[0].expiresAt)) - Date.parse(String(stored[0].createdAt))).toBe(7 * 24 * 3600_000);

    const anonymous = new Client(server.url);
    expect((await anonymous.get('/back/password/token', { token })).body).toMatchObject({ email: 'lena.vogel@inspect.test', kind: 'welcome' });
    const password = 'Harbor-Lantern-Quartz-81';
    const set = await anonymous.post('/back/password/reset', { token, password, confirmation: password });
    expect(set.status).toBe(200);
    expect((await anonymous.login('lena.vogel@inspect.test', password)).status).toBe(200);
    expect((await manager.get(`${BASE}/${id}`)).body.passwordSet).toBe(true);
    expect(await server.store.find('serverLogs', (log) => log.application === 'AUTH' && String(log.message).startsWith('Welcome link issued to lena.vogel@inspect.test'))).toHaveLength(1);
  });
});

describe('company archive', () => {
  const networkcombo = (client: Client, source: string, query: Record<string, string | number> = {}) =>
    client.get(`/back/bo/networkcombo/${source}`, query).then((reply) => reply.body as { value: number; label: string }[]);

  it('is for UNIVERSE_ADMIN only, within the universe, never the own company', async () => {
    expect((await manager.patch(`/back/bo/companies/${await companyId('Prato Filati')}/toggleVisibility`)).status).toBe(403);
    expect((await admin.patch(`/back/bo/companies/${await companyId('Northwind Goods')}/toggleVisibility`)).status).toBe(404);
    expect((await admin.patch('/back/bo/companies/999999/toggleVisibility')).status).toBe(404);
    const own = await admin.patch(`/back/bo/companies/${await companyId('QCFlow Admin')}/toggleVisibility`);
    expect(own.status).toBe(422);
    expect(own.body.message).toBe("A user's own company cannot be archived");
    const french = await loginAs(server, ACCOUNTS.admin, { language: 'fr' });
    await server.store.update<Contact>('contacts', (await contactOf(ACCOUNTS.admin)).contactId, (contact) => ({ ...contact, language: 'fr' }));
    expect((await french.patch(`/back/bo/companies/${await companyId('QCFlow Admin')}/toggleVisibility`)).body.message).toBe("La société d'un utilisateur ne peut pas être archivée par lui-même");
    await server.store.update<Contact>('contacts', (await contactOf(ACCOUNTS.admin)).contactId, (contact) => ({ ...contact, language: 'en' }));
    expect(await server.store.find<Company>('companies', (company) => !!company.archived)).toEqual([]);
  });

  it('archives: the company and its contacts leave the lookups, new references are refused, its users cannot log in', async () => {
    const prato = await companyId('Prato Filati');
    const created = await admin.post(BASE, await newContact('spinner@pratofilati.example', { companyId: prato, profiles: ['CONTRIBUTOR'] }));
    const { passwordHash } = (await contactOf(ACCOUNTS.inspector)).account!;
    await server.store.update<Contact>('contacts', created.body.contactId, (contact) => ({ ...contact, account: { ...contact.account!, passwordHash } }));
    const spinner = await loginAs(server, 'spinner@pratofilati.example');
    const staff = (await server.store.find<Contact>('contacts', (contact) => contact.companyId === prato)).map((contact) => contact.contactId);
    expect((await networkcombo(admin, 'allcompanies')).map((option) => option.value)).toContain(prato);

    const reply = await admin.patch(`/back/bo/companies/${prato}/toggleVisibility`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ companyId: prato, archived: true });
    expect((await server.store.get<Company>('companies', prato))!.archived).toBe(true);
    expect((await networkcombo(admin, 'allcompanies')).map((option) => option.value)).not.toContain(prato);
    expect((await networkcombo(admin, 'ordertakers', { q: 'prato' }))).toEqual([]);
    expect((await networkcombo(admin, 'contacts')).some((option) => staff.includes(option.value))).toBe(false);
    // A value already stored still gets its label.
    expect(await networkcombo(admin, 'allcompanies', { id: prato })).toEqual([{ value: prato, label: 'Prato Filati' }]);
    const capa = await manager.post('/back/bo/capas', { title: 'At an archived site', capaType: 'CONTAINMENT', startDate: new Date().toISOString().slice(0, 10), site: prato });
    expect(capa.status).toBe(400);
    expect(capa.body.errors).toEqual([{ path: '/site', message: 'unknown or unavailable value' }]);
    expect((await admin.post(BASE, await newContact('late@pratofilati.example', { companyId: prato }))).status).toBe(400);

    expect((await spinner.get('/back/auth/profile')).status).toBe(403);
    expect((await new Client(server.url).login('spinner@pratofilati.example', DEMO_PASSWORD)).status).toBe(401);
    // Toggling again restores it: its users sign in again.
    expect((await admin.patch(`/back/bo/companies/${prato}/toggleVisibility`)).body).toMatchObject({ companyId: prato, archived: false });
    expect((await new Client(server.url).login('spinner@pratofilati.example', DEMO_PASSWORD)).status).toBe(200);
  });
});
