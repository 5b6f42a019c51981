import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { journalWatch, postgresWatch, type WriteWatch } from '../support/writeWatch';
import { ACCOUNTS, startWithLogins, type Client, type Reply, type TestServer } from './helpers';
import { refusedWithoutWrites } from './refused';
import { network, type Network } from './service-fixtures';

/**
 * The company profile record (docs/profiles.md): GET, PUT, PATCH (enable) /back/bo/profile/company/{companyId},
 * the address rules of spec §5.5 with the server's offline geocoding, spec §9's 100 m same-place warning,
 * the rights of each section (spec §6.1) and the universes of super admins. Every refusal writes nothing.
 */
let server: TestServer;
let admin: Client, quality: Client, sales: Client, manager: Client, outsider: Client, buyer: Client;
let net: Network;
let watch: WriteWatch;

beforeAll(async () => {
  ({ server, clients: { admin, quality, sales, manager, outsider, buyer } } = await startWithLogins(['admin', 'quality', 'sales', 'manager', 'outsider', 'buyer']));
  net = await network(server.store);
  watch = server.databaseUrl ? await postgresWatch(server.databaseUrl) : journalWatch(server.dir);
});
afterAll(async () => {
  await watch?.close();
  await server?.close();
});

const url = (companyId: number) => `/back/bo/profile/company/${companyId}`;
const refused = (status: number, call: () => Promise<Reply>): Promise<Reply> => refusedWithoutWrites(watch, status, call);
const ok = (reply: Reply) => {
  expect(reply.status, reply.text.slice(0, 400)).toBe(200);
  return reply.body;
};
const profileOf = async (companyId: number, client = admin): Promise<Row> => ok(await client.get(url(companyId)));
const paths = (reply: Reply) => (reply.body.errors as { path: string }[]).map((error) => error.path).sort();

describe('GET /back/bo/profile/company/{companyId}', () => {
  it('every contact reads its own company with its seeded address and GPS; other companies are 404 but for universe admins', async () => {
    const shenzhen = ok(await sales.get(url(net.shenzhen)));
    expect(shenzhen).toMatchObject({ companyId: net.shenzhen, name: 'Shenzhen Textile Co', address1: '3018 Shennan Avenue, Futian', city: 'Shenzhen', province: 'Guangdong', country: 'China', latitude: 22.5565, longitude: 113.9859, samePlaceAs: [] });
    expect(typeof shenzhen.version).toBe('number');
    expect((await sales.get(url(net.lumiere))).status).toBe(404);
    expect((await manager.get(url(net.lumiere))).status).toBe(404);
    expect((await outsider.get(url(net.lumiere))).status).toBe(404);
    expect((await admin.get(url(net.northwind))).status).toBe(404);
    expect(ok(await admin.get(url(net.lumiere))).name).toBe('Maison Lumière');
  });
});

describe('PUT: the general information and its address', () => {
  it('trims the text, geocodes a changed address on the server (client GPS ignored) and keeps the GPS of an unchanged one', async () => {
    const before = await profileOf(net.lumiere);
    try {
      const moved = ok(await quality.put(url(net.lumiere), { ...before, address1: '  25 Quai Perrache  ', zipCode: ' 69002', city: 'Lyon ', province: 'Auvergne-Rhône-Alpes', latitude: 1, longitude: 1 }));
      expect(moved).toMatchObject({ address1: '25 Quai Perrache', zipCode: '69002', city: 'Lyon', latitude: 45.7485, longitude: 4.8467, version: (before.version as number) + 1 });
      // Atlas Inspection is in Lyon too: the same place within 100 m (city-level coordinates).
      expect(moved.samePlaceAs).toEqual(['Atlas Inspection']);
      expect((await profileOf(net.atlas)).samePlaceAs).toEqual(['Maison Lumière']);
      const renamed = ok(await quality.put(url(net.lumiere), { ...moved, name: ' Maison Lumière Lyon ', latitude: 0 }));
      expect(renamed).toMatchObject({ name: 'Maison Lumière Lyon', latitude: 45.7485, longitude: 4.8467 });
    } finally {
      const current = await profileOf(net.lumiere);
      ok(await admin.put(url(net.lumiere), { ...current, name: before.name, address1: before.address1, zipCode: before.zipCode, city: before.city, province: before.province }));
    }
    expect(await profileOf(net.lumiere)).toMatchObject({ city: 'Paris', latitude: 48.8534, longitude: 2.3486, samePlaceAs: [] });
  });

  it('address1, city, country and province are required (400 naming each); province and country are values of the gazetteer', async () => {
    const current = await profileOf(net.lumiere);
    const { address1: _a, city: _c, country: _k, province: _p, ...bare } = current;
    expect(paths(await refused(400, () => quality.put(url(net.lumiere), { ...bare, address1: '   ' })))).toEqual(['/address1', '/city', '/country']);
    expect(paths(await refused(400, () => quality.put(url(net.lumiere), { ...current, city: 'Lyon', province: undefined })))).toEqual(['/province']);
    expect(paths(await refused(400, () => quality.put(url(net.lumiere), { ...current, province: 'Guangdong' })))).toEqual(['/province']);
    expect(paths(await refused(400, () => quality.put(url(net.lumiere), { ...current, country: 'Narnia' })))).toEqual(['/country', '/province']);
    expect(paths(await refused(400, () => quality.put(url(net.lumiere), { ...current, city: 'x'.repeat(101) })))).toEqual(['/city']);
  });

  it('a place the gazetteer does not know puts the address in error: 422 at /city, localized', async () => {
    const current = await profileOf(net.lumiere);
    const reply = await refused(422, () => quality.put(url(net.lumiere), { ...current, city: 'Atlantis' }));
    expect(reply.body).toMatchObject({ exception: 'ValidationException', message: 'Address not found: check the city, its province and the country', errors: [{ path: '/city' }] });
    const language = (value: unknown) => server.store.update('contacts', net.contacts[ACCOUNTS.quality], (contact) => ({ ...contact, language: value }));
    const own = (await server.store.all('contacts')).find((contact) => contact.contactId === net.contacts[ACCOUNTS.quality])!.language;
    try {
      await language('fr');
      expect((await refused(422, () => quality.put(url(net.lumiere), { ...current, city: 'Atlantis' }))).body.message).toBe('Adresse introuvable : vérifiez la ville, sa province et le pays');
      await language('it');
      expect((await refused(422, () => quality.put(url(net.lumiere), { ...current, city: 'Atlantis' }))).body.message).toBe('Indirizzo non trovato: controllare la città, la provincia e il paese');
    } finally {
      await language(own);
    }
  });

  it('a stale version is 409; a body that is not the record is 400', async () => {
    const current = await profileOf(net.lumiere);
    await refused(409, () => quality.put(url(net.lumiere), { ...current, address2: 'Bâtiment B', version: (current.version as number) - 1 }));
    await refused(400, () => quality.put(url(net.lumiere), { ...current, version: undefined }));
    await refused(400, () => quality.put(url(net.lumiere), { ...current, unknownField: 1 }));
    await refused(400, () => quality.put(url(net.lumiere), [current]));
  });
});

describe('PUT: the rights of each section (spec §6.1)', () => {
  it('contacts without COMPANY_ADMIN or MANAGER read only; another company is 404 but for universe and super admins', async () => {
    const shenzhen = await profileOf(net.shenzhen, sales);
    await refused(403, () => sales.put(url(net.shenzhen), { ...shenzhen, address2: 'Block C' }));
    const lumiere = await profileOf(net.lumiere);
    await refused(403, () => buyer.put(url(net.lumiere), { ...lumiere, address2: 'Block C' }));
    await refused(404, () => manager.put(url(net.lumiere), { ...lumiere, address2: 'Block C' }));
    await refused(404, () => outsider.put(url(net.lumiere), { ...lumiere, address2: 'Block C' }));
    const changed = ok(await admin.put(url(net.shenzhen), { ...shenzhen, address2: 'Block C' }));
    expect(changed.address2).toBe('Block C');
    ok(await admin.put(url(net.shenzhen), { ...changed, address2: undefined }));
  });

  it('a manager changes accounting and applications; the admin configuration needs IMPERSONATE or SUPER_ADMIN (403 naming the fields)', async () => {
    const current = await profileOf(net.lumiere);
    const accounting = ok(await quality.put(url(net.lumiere), { ...current, currency: 'USD', vatNumber: 'FR40303265045', applications: ['WEB', 'API'] }));
    expect(accounting).toMatchObject({ currency: 'USD', vatNumber: 'FR40303265045', applications: ['WEB', 'API'] });
    const reply = await refused(403, () => quality.put(url(net.lumiere), { ...accounting, reportSupplierDownload: true, roles: ['DECISION_MAKER', 'SUPPLIER'] }));
    expect(paths(reply)).toEqual(['/reportSupplierDownload', '/roles']);
    await refused(400, () => quality.put(url(net.lumiere), { ...accounting, applications: ['FAX'] }));
    const flagged = ok(await admin.put(url(net.lumiere), { ...accounting, reportSupplierDownload: true }));
    expect(flagged.reportSupplierDownload).toBe(true);
    // A field left as it is needs no right: the stored default (never set) equals an explicit false.
    ok(await quality.put(url(net.lumiere), { ...flagged }));
    ok(await admin.put(url(net.lumiere), { ...(await profileOf(net.lumiere)), currency: current.currency, vatNumber: undefined, applications: [], reportSupplierDownload: false }));
  });
});

describe('PATCH (enable)', () => {
  it('universe admins disable and enable a company of their universe, never their own; others 403, other universes 404', async () => {
    await refused(403, () => quality.patch(url(net.como), { enabled: false }));
    await refused(403, () => sales.patch(url(net.shenzhen), { enabled: false }));
    await refused(404, () => admin.patch(url(net.northwind), { enabled: false }));
    await refused(400, () => admin.patch(url(net.como), { enabled: 'no' }));
    await refused(400, () => admin.patch(url(net.como), { enabled: false, archived: true }));
    const ownCompany = (await profileOf((await admin.get('/back/auth/profile')).body.companyId)).companyId as number;
    expect((await refused(422, () => admin.patch(url(ownCompany), { enabled: false }))).body.message).toBe("A user's own company cannot be archived");
    expect(ok(await admin.patch(url(net.como), { enabled: false })).archived).toBe(true);
    expect((await quality.get('/back/bo/networkcombo/allcompanies')).body.map((item: Row) => item.value)).not.toContain(net.como);
    expect(ok(await admin.patch(url(net.como), { enabled: true })).archived).toBe(false);
    expect((await quality.get('/back/bo/networkcombo/allcompanies')).body.map((item: Row) => item.value)).toContain(net.como);
  });
});

describe('same place (spec §9: 100 m)', () => {
  it('a company entered twice at one address: each names the other', async () => {
    const ningbo = (await server.store.all('companies')).find((row) => row.name === 'Ningbo Garment Factory')!.companyId as number;
    const before = await profileOf(ningbo);
    try {
      ok(await admin.put(url(ningbo), { ...before, address1: '3018 Shennan Avenue', city: 'Shenzhen', province: 'Guangdong' }));
      expect((await profileOf(net.shenzhen, sales)).samePlaceAs).toEqual(['Ningbo Garment Factory']);
      expect((await profileOf(ningbo)).samePlaceAs).toEqual(['Shenzhen Textile Co']);
    } finally {
      ok(await admin.put(url(ningbo), { ...(await profileOf(ningbo)), address1: before.address1, city: before.city, province: before.province }));
    }
    expect((await profileOf(net.shenzhen, sales)).samePlaceAs).toEqual([]);
  });
});

describe('geocoding and the gazetteer lookups', () => {
  it('GET /back/bo/country/geocode: a known city → its GPS at 4 decimals; unknown → 422 at /city; city and country required', async () => {
    expect(ok(await sales.get('/back/bo/country/geocode', { city: 'Prato', country: 'Italy', province: 'Tuscany' }))).toEqual({ latitude: 43.8805, longitude: 11.097 });
    const unknown = await sales.get('/back/bo/country/geocode', { city: 'Atlantis', country: 'Italy' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ path: '/city', message: 'no such place in this country' }]);
    const missing = await sales.get('/back/bo/country/geocode', { city: 'Prato' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((error: Row) => error.path)).toEqual(['/country']);
  });

  it('countries, and the provinces of one (none before a country is chosen)', async () => {
    const values = (reply: Reply) => (ok(reply) as Row[]).map((item) => item.value);
    expect(values(await sales.get('/back/bo/country/countries', { q: 'fran' }))).toEqual(['France']);
    expect(values(await sales.get('/back/bo/country/countryProvinces/cascading', { countryId: 'Portugal', q: 'braga' }))).toEqual(['Braga', 'Bragança']);
    expect(values(await sales.get('/back/bo/country/countryProvinces/cascading', { countryId: 'France' }))).toContain('Île-de-France');
    expect(values(await sales.get('/back/bo/country/countryProvinces/cascading'))).toEqual([]);
  });
});

describe('GET /back/bo/universe/admin/universes', () => {
  it('super admins list the universes with their number of companies; others 403', async () => {
    expect(ok(await admin.get('/back/bo/universe/admin/universes'))).toEqual([
      { universeId: expect.any(Number), name: 'Maison Lumière network', companies: 16 },
      { universeId: expect.any(Number), name: 'Northwind network', companies: 2 },
    ]);
    expect((await quality.get('/back/bo/universe/admin/universes')).status).toBe(403);
  });
});

describe('custom reports: GET, PUT, DELETE {id} under the company profile (MANAGER; decision makers and service providers)', () => {
  const reports = (companyId: number) => `${url(companyId)}/customReport`;

  it('a manager lists, creates, changes and deletes its company’s report models; names are unique in the company', async () => {
    const listed = ok(await quality.get(`${reports(net.lumiere)}/`)) as Row[];
    expect(listed.map((row) => row.name)).toEqual(['Lumière final inspection']);
    const created = await quality.post(reports(net.lumiere), { name: 'Lumière audit', department: 'AUDIT', description: 'Chapters and scores' });
    expect(created.status, created.text).toBe(201);
    const id = created.body.customReportId as number;
    expect(created.body).toMatchObject({ companyId: net.lumiere, name: 'Lumière audit' });
    await refused(422, () => quality.post(reports(net.lumiere), { name: ' lumière audit ', department: 'INSP' }));
    const changed = ok(await quality.put(`${reports(net.lumiere)}/${id}`, { ...created.body, description: 'Chapters, scores and photos' }));
    expect(changed.description).toBe('Chapters, scores and photos');
    await refused(400, () => quality.put(`${reports(net.lumiere)}/${id}`, { ...changed, department: 'FAX' }));
    await refused(400, () => quality.put(`${reports(net.lumiere)}/${id}`, { ...changed, name: 'x'.repeat(101) }));
    expect(ok(await quality.delete(`${reports(net.lumiere)}/${id}`))).toBe(true);
    expect((await quality.get(`${reports(net.lumiere)}/${id}`)).status).toBe(404);
  });

  it('others are refused, nothing written: no MANAGER flag 403, another company 404, an order taker 403', async () => {
    const [lumiereReport] = ok(await quality.get(`${reports(net.lumiere)}/`)) as Row[];
    const one = `${reports(net.lumiere)}/${lumiereReport.customReportId}`;
    await refused(403, () => buyer.put(one, { ...lumiereReport, description: 'x' }));
    await refused(403, () => buyer.delete(one));
    await refused(404, () => manager.put(one, { ...lumiereReport, description: 'x' }));
    await refused(404, () => manager.delete(one));
    await refused(404, () => outsider.delete(one));
    await refused(404, () => manager.post(reports(net.lumiere), { name: 'Not mine', department: 'INSP' }));
    // A supplier (an order taker) has no report models (spec §6.1: the section's company roles).
    await refused(403, () => sales.post(reports(net.shenzhen), { name: 'Supplier model', department: 'INSP' }));
    expect((await manager.get(`${reports(net.lumiere)}/`)).status).toBe(404);
    expect(ok(await admin.get(`${reports(net.lumiere)}/${lumiereReport.customReportId}`)).name).toBe('Lumière final inspection');
  });
});
