import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { ACCOUNTS, Client, loginAs, startWithLogins, today, type Reply, type TestServer } from './helpers';
import { refusedWithoutWrites } from './refused';
import { network, wizardBody, type Network } from './service-fixtures';

/**
 * The network (docs/network.md, spec §7.8): the caller's company's links, a company of the network,
 * invitations (CREATE_NETWORK), the link machine's events by side, PRIVATE_NETWORK, and what the
 * network combos and the wizard let a person pick: their company and its ACTIVE partners.
 * Every refusal leaves the store as it was.
 */
const LINKS = '/back/bo/network/links';
const NC = '/back/bo/networkcombo';

let server: TestServer;
let c: Record<'admin' | 'manager' | 'inspector' | 'quality' | 'outsider', Client>;
let net: Network;
let watch: WriteWatch;
/** Companies of universe 1 made here, linked to nobody: a supplier in Morocco with a contact, a laboratory. */
let outsideMills: number;
let outsideMillsContact: number;
let outsideLab: number;
let admin: number;

const refused = (status: number, call: () => Promise<Reply>) => refusedWithoutWrites(watch, status, call);
const values = (reply: Reply) => reply.body.map((item: { value: unknown }) => item.value);
const linkCount = async () => (await server.store.all('networkLinks')).length;

beforeAll(async () => {
  ({ server, clients: c } = await startWithLogins(['admin', 'manager', 'inspector', 'quality', 'outsider']));
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
  net = await network(server.store);
  admin = (await server.store.find('companies', (row) => row.name === 'QCFlow Admin'))[0].companyId as number;
  const insertCompany = async (name: string, roles: string[], country: string) =>
    (await server.store.insert('companies', 'companyId', { universeId: net.universeId, name, roles, country, city: 'Somewhere', currency: 'EUR' })).companyId as number;
  outsideMills = await insertCompany('Outside Mills', ['SUPPLIER'], 'Morocco');
  outsideLab = await insertCompany('Outside Lab', ['SERVICE_PROVIDER'], 'Morocco');
  outsideMillsContact = (await server.store.insert('contacts', 'contactId', { universeId: net.universeId, companyId: outsideMills, firstName: 'Karim', lastName: 'Outside', email: 'karim@outside.example', language: 'fr' })).contactId as number;
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

describe('GET /back/bo/network/links', () => {
  it("answers the caller's company's links as it sees them: the other company, its side, and filters", async () => {
    const reply = await c.quality.get(LINKS);
    expect(reply.status).toBe(200);
    // Maison Lumière is linked to the 15 other companies of its universe (the demo seed).
    expect(reply.body).toHaveLength(15);
    const shenzhen = reply.body.find((link: any) => link.otherCompany === net.shenzhen);
    expect(shenzhen).toMatchObject({ status: 'ACTIVE', otherCompanyName: 'Shenzhen Textile Co', side: 'INVITER', createNetwork: true, companyId: net.lumiere, partnerId: net.shenzhen });
    expect(reply.body.every((link: any) => link.companyId === net.lumiere || link.partnerId === net.lumiere)).toBe(true);
    expect((await c.quality.get(LINKS, { companyId: net.shenzhen })).body.map((link: any) => link.otherCompany)).toEqual([net.shenzhen]);
    expect((await c.quality.get(LINKS, { statuses: ['PENDING', 'INACTIVE'] })).body).toEqual([]);
    const invited = (await c.quality.get(LINKS, { side: 'INVITED' })).body;
    expect(invited.map((link: any) => link.otherCompanyName).sort()).toEqual(['Atlas Inspection', 'QCFlow Admin']);
    expect((await c.quality.get(LINKS, { statuses: 'NOPE' })).status).toBe(400);
    expect((await new Client(server.url).get(LINKS)).status).toBe(403);
    // The outsider's universe: one link, Northwind with Harbor.
    expect((await c.outsider.get(LINKS)).body.map((link: any) => link.otherCompanyName)).toEqual(['Harbor Apparel Ltd']);
  });

  it("GET …/links/{id}: one of the caller's company's links; another company's is 404", async () => {
    const [link] = (await c.quality.get(LINKS, { companyId: net.shenzhen })).body;
    expect((await c.quality.get(`${LINKS}/${link.networkLinkId}`)).body).toMatchObject({ networkLinkId: link.networkLinkId, otherCompanyName: 'Shenzhen Textile Co' });
    expect((await c.manager.get(`${LINKS}/${link.networkLinkId}`)).status).toBe(404);
    expect((await c.outsider.get(`${LINKS}/${link.networkLinkId}`)).status).toBe(404);
  });
});

describe('the network combos and the wizard offer the caller’s company and its ACTIVE partners', () => {
  it('a company outside the network is listed by no network combo, its contacts neither', async () => {
    for (const path of ['allcompanies', 'ordertakers', 'ordertakers/suppliers']) {
      const offered = values(await c.quality.get(`${NC}/${path}`));
      expect(offered, path).toContain(net.shenzhen);
      expect(offered, path).not.toContain(outsideMills);
    }
    expect(values(await c.quality.get(`${NC}/contacts`))).not.toContain(outsideMillsContact);
    expect((await c.quality.get(`${NC}/contacts`, { companyId: outsideMills })).body).toEqual([]);
    expect((await c.quality.get(`${NC}/allcompanies`, { id: outsideMills })).body).toEqual([]);
    expect(values(await c.quality.get(`${NC}/serviceproviders`))).not.toContain(outsideLab);
  });

  it('serviceproviders with includeUniverse offers the universe’s providers; countries with networkOnly only the network’s', async () => {
    expect(values(await c.quality.get(`${NC}/serviceproviders`, { includeUniverse: 'true' }))).toEqual(expect.arrayContaining([net.atlas, admin, outsideLab]));
    expect(values(await c.quality.get(`${NC}/countries`))).toContain('Morocco');
    const network = values(await c.quality.get(`${NC}/countries`, { networkOnly: 'true' }));
    expect(network).toContain('China');
    expect(network).not.toContain('Morocco');
  });

  it('the wizard refuses a supplier outside the network: 422 at the field, nothing written', async () => {
    const reply = await refused(422, () => c.quality.post('/back/bo/services', wizardBody(net, { service: { supplier: outsideMills, orderTakerContacts: [outsideMillsContact] } })));
    expect(reply.body).toMatchObject({ exception: 'BusinessException', message: 'A company outside your network cannot be chosen' });
    expect(reply.body.errors).toEqual([
      { path: '/service/supplier', message: 'not in your network' },
      { path: '/service/orderTakerContacts/0', message: 'not in your network' },
    ]);
    // Another universe's company is no company at all for the caller: 400, as before.
    const other = await refused(400, () => c.quality.post('/back/bo/services', wizardBody(net, { service: { factory: net.northwind } })));
    expect(other.body.errors).toContainEqual({ path: '/service/factory', message: 'unknown or unavailable value' });
  });

  it('a provider of the universe (includeUniverse) may be picked in the wizard', async () => {
    const reply = await c.quality.post('/back/bo/services', wizardBody(net, { service: { serviceProvider: outsideLab } }));
    expect(reply.status, reply.text).toBe(201);
  });

  it('the platform company picks every company of its universe', async () => {
    expect(values(await c.admin.get(`${NC}/ordertakers/suppliers`))).toContain(outsideMills);
  });
});

describe('POST /back/bo/network/links', () => {
  it('needs CREATE_NETWORK: 403, nothing written', async () => {
    await refused(403, () => c.inspector.post(LINKS, { partnerId: admin }));
  });

  it('refuses a bad body (400), another universe’s or an unknown company (404), one’s own, an existing link (422); nothing written', async () => {
    await refused(400, () => c.manager.post(LINKS, {}));
    await refused(400, () => c.manager.post(LINKS, { partnerId: 'x' }));
    await refused(400, () => c.manager.post(LINKS, { partnerId: 0 }));
    await refused(404, () => c.manager.post(LINKS, { partnerId: net.northwind }));
    await refused(404, () => c.manager.post(LINKS, { partnerId: 999999 }));
    expect((await refused(422, () => c.manager.post(LINKS, { partnerId: net.atlas }))).body.message).toMatch(/own company/);
    expect((await refused(422, () => c.manager.post(LINKS, { partnerId: net.lumiere }))).body.message).toMatch(/already/);
  });

  it('adds a company nobody of which could answer: ACTIVE at once, then pickable', async () => {
    const before = await linkCount();
    const reply = await c.quality.post(LINKS, { partnerId: outsideMills });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ companyId: net.lumiere, partnerId: outsideMills, status: 'ACTIVE', side: 'INVITER', invitationDate: today(), private: false });
    expect(await linkCount()).toBe(before + 1);
    expect(values(await c.quality.get(`${NC}/ordertakers/suppliers`))).toContain(outsideMills);
    const created = await c.quality.post('/back/bo/services', wizardBody(net, { service: { supplier: outsideMills, orderTakerContacts: [outsideMillsContact] } }));
    expect(created.status, created.text).toBe(201);
  });
});

describe('an invitation and the link machine, side by side', () => {
  let id: number;

  it('Atlas invites QCFlow Admin: PENDING, and QCFlow Admin is still not Atlas’s to pick', async () => {
    expect(values(await c.manager.get(`${NC}/serviceproviders`))).not.toContain(admin);
    const reply = await c.manager.post(`${LINKS}/`, { partnerId: admin });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ companyId: net.atlas, partnerId: admin, status: 'PENDING', side: 'INVITER', otherCompanyName: 'QCFlow Admin' });
    id = reply.body.networkLinkId;
    expect(values(await c.manager.get(`${NC}/serviceproviders`))).not.toContain(admin);
    await refused(422, () => c.admin.post(LINKS, { partnerId: net.atlas }));
  });

  it('refuses the inviter’s ACCEPT (409), a caller without CREATE_NETWORK (403), another company’s caller (404), an unknown event (409); nothing written', async () => {
    expect((await refused(409, () => c.manager.patch(`${LINKS}/${id}/ACCEPT`))).body.exception).toBe('TransitionException');
    await refused(409, () => c.manager.patch(`${LINKS}/${id}/DEACTIVATE`));
    await refused(409, () => c.admin.patch(`${LINKS}/${id}/REACTIVATE`));
    await refused(409, () => c.admin.patch(`${LINKS}/${id}/FLY`));
    await refused(403, () => c.inspector.patch(`${LINKS}/${id}/REFUSE`));
    await refused(404, () => c.quality.patch(`${LINKS}/${id}/ACCEPT`));
    await refused(404, () => c.outsider.patch(`${LINKS}/${id}/ACCEPT`));
    await refused(400, () => c.admin.patch(`${LINKS}/${id}/ACCEPT`, { status: 'ACTIVE' }));
    await refused(409, () => c.admin.patch(`${LINKS}/${id}/ACCEPT`, { version: 99 }));
  });

  it('the invited company accepts: ACTIVE, and each now picks the other', async () => {
    const reply = await c.admin.patch(`${LINKS}/${id}/ACCEPT`, { version: 1 });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ status: 'ACTIVE', side: 'INVITED', updateDate: today(), otherCompanyName: 'Atlas Inspection' });
    expect(values(await c.manager.get(`${NC}/serviceproviders`))).toContain(admin);
  });

  it('either side deactivates; only the side that did reactivates', async () => {
    const off = await c.admin.patch(`${LINKS}/${id}/DEACTIVATE`);
    expect(off.body).toMatchObject({ status: 'INACTIVE', inactiveSide: 'INVITED' });
    expect(values(await c.manager.get(`${NC}/serviceproviders`))).not.toContain(admin);
    await refused(409, () => c.manager.patch(`${LINKS}/${id}/REACTIVATE`));
    expect((await c.admin.patch(`${LINKS}/${id}/REACTIVATE`)).body).toMatchObject({ status: 'ACTIVE' });
    expect((await c.manager.patch(`${LINKS}/${id}/DEACTIVATE`)).body).toMatchObject({ status: 'INACTIVE', inactiveSide: 'INVITER' });
    expect((await c.manager.patch(`${LINKS}/${id}/REACTIVATE`)).body).toMatchObject({ status: 'ACTIVE', side: 'INVITER' });
    expect((await server.store.get('networkLinks', id))!.inactiveSide).toBeUndefined();
  });

  it('the invited company refuses: INACTIVE, which the inviter neither reactivates nor invites again', async () => {
    // A company with a manager who can log in (the demo password's hash, copied).
    const refusing = (await server.store.insert('companies', 'companyId', { universeId: net.universeId, name: 'Refusing Co', roles: ['FACTORY'], country: 'Italy', city: 'Prato', currency: 'EUR' })).companyId as number;
    const quality = (await server.store.find('contacts', (row) => row.email === ACCOUNTS.quality))[0] as any;
    await server.store.insert('contacts', 'contactId', { universeId: net.universeId, companyId: refusing, firstName: 'Rita', lastName: 'Refusing', email: 'rita@refusing.example', language: 'it', account: { ...quality.account, profiles: ['MANAGER'], failedLogins: 0 } });
    const rita = await loginAs(server, 'rita@refusing.example');
    const invitation = await c.quality.post(LINKS, { partnerId: refusing });
    expect(invitation.body).toMatchObject({ status: 'PENDING', side: 'INVITER' });
    const linkId = invitation.body.networkLinkId;
    expect((await rita.get(LINKS)).body).toMatchObject([{ networkLinkId: linkId, side: 'INVITED', otherCompanyName: 'Maison Lumière' }]);
    expect((await rita.patch(`${LINKS}/${linkId}/REFUSE`)).body).toMatchObject({ status: 'INACTIVE', inactiveSide: 'INVITED' });
    await refused(409, () => c.quality.patch(`${LINKS}/${linkId}/REACTIVATE`));
    await refused(422, () => c.quality.post(LINKS, { partnerId: refusing }));
    expect(values(await c.quality.get(`${NC}/allcompanies`))).not.toContain(refusing);
  });
});

describe('GET /back/bo/network/companies/{id} and PRIVATE_NETWORK', () => {
  it('a company of the universe with its link to the caller’s and the links the universe sees', async () => {
    const reply = await c.quality.get(`/back/bo/network/companies/${net.shenzhen}`);
    expect(reply.status).toBe(200);
    expect(reply.body.company).toMatchObject({ companyId: net.shenzhen, name: 'Shenzhen Textile Co', roles: ['SUPPLIER'] });
    expect(reply.body.link).toMatchObject({ status: 'ACTIVE', side: 'INVITER' });
    expect(reply.body.links.map((link: any) => link.otherCompanyName)).toContain('Ningbo Garment Factory');
    // A PENDING or INACTIVE link of two other companies is theirs only.
    const bursa = (await server.store.find('companies', (row) => row.name === 'Bursa Örme Tekstil'))[0].companyId as number;
    const bursaLinks = (await c.quality.get(`/back/bo/network/companies/${bursa}`)).body.links;
    expect(bursaLinks.map((link: any) => link.otherCompanyName)).not.toContain('Anatolia Trade Agents');
    expect(bursaLinks.every((link: any) => link.status === 'ACTIVE')).toBe(true);
    expect((await c.quality.get(`/back/bo/network/companies/${net.northwind}`)).status).toBe(404);
    expect((await c.quality.get('/back/bo/network/companies/999999')).status).toBe(404);
  });

  it('a link made with PRIVATE_NETWORK is seen by its two companies only', async () => {
    const hidden = (await server.store.insert('companies', 'companyId', { universeId: net.universeId, name: 'Quiet Partner', roles: ['FACTORY'], country: 'Italy', city: 'Biella', currency: 'EUR' })).companyId as number;
    // The super admin holds PRIVATE_NETWORK; Quiet Partner has nobody who could answer: added at once.
    const made = await c.admin.post(LINKS, { partnerId: hidden });
    expect(made.body).toMatchObject({ status: 'ACTIVE', private: true });
    const seenByAdmin = (await c.admin.get(`/back/bo/network/companies/${hidden}`)).body;
    expect(seenByAdmin.link).toMatchObject({ networkLinkId: made.body.networkLinkId });
    const seenByQuality = (await c.quality.get(`/back/bo/network/companies/${hidden}`)).body;
    expect(seenByQuality.link).toBeNull();
    expect(seenByQuality.links).toEqual([]);
    // A link made without the flag is seen by the universe.
    const open = await c.quality.post(LINKS, { partnerId: hidden });
    expect(open.body.private).toBe(false);
    expect((await c.manager.get(`/back/bo/network/companies/${hidden}`)).body.links.map((link: any) => link.otherCompanyName)).toEqual(['Maison Lumière']);
  });
});
