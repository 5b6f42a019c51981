import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../../server/schemas';
import { ACCOUNTS, Client, ROOT, copySchemas, loginAs, startServer, startWithLogins, storedContactByEmail, type TestServer } from './helpers';
import { WHO, demoPeople, type Person, type Who } from './demo-people';

/**
 * The lookups of schemas/lookups.json (spec §7.9, server/lookups/): every path answers every
 * account, `q`, `id`, `uuid` and the declared parameters narrow, a bad value is a 400, and no
 * caller ever gets another company's (company scope) or another universe's records.
 */
const registry = loadRegistry(join(ROOT, 'schemas'));
const SOURCES = Object.entries(registry.lookups);
const F = '/back/bo/combospa/filters';

let server: TestServer;
let clients: Record<Who, Client>;
let people: Record<Who, Person>;
const values = (reply: { body: { value: unknown }[] }) => reply.body.map((item) => item.value);
const labels = (reply: { body: { label: string }[] }) => reply.body.map((item) => item.label);

/** Records of the lists other parts of the product administer (brands, seasons, strategies …), made here. */
const ids: Record<string, number> = {};
const UUID = '0f8fa3c2-6b1e-4c55-9d0b-2f4a0c1d9e77';

beforeAll(async () => {
  server = await startServer();
  people = await demoPeople(server.store);
  clients = Object.fromEntries(await Promise.all(WHO.map(async (who) => [who, await loginAs(server, ACCOUNTS[who])]))) as Record<Who, Client>;
  const { quality, manager, outsider } = people;
  const add = async (key: string, collection: string, idField: string, record: Record<string, unknown>) => {
    ids[key] = (await server.store.insert(collection, idField, record))[idField] as number;
  };
  const at = (person: Person) => ({ universeId: person.universeId, companyId: person.companyId });
  await add('lumiereBrand', 'brands', 'brandId', { ...at(quality), code: 'LUM', name: 'Lumière Paris', uuid: UUID });
  await add('lumiereOldBrand', 'brands', 'brandId', { ...at(quality), code: 'OLD', name: 'Lumière Vintage', archived: true });
  await add('northwindBrand', 'brands', 'brandId', { ...at(outsider), code: 'NW', name: 'Northwind Basics' });
  await add('lumiereStrategy', 'strategies', 'strategyId', { ...at(quality), code: 'STR-L', names: { en: 'Supplier audit first', fr: 'Audit fournisseur d’abord', it: 'Prima l’audit del fornitore' } });
  await add('atlasStrategy', 'strategies', 'strategyId', { ...at(manager), code: 'STR-A', names: { en: 'Three inspections per order' } });
  await add('universeSeason', 'seasons', 'seasonId', { universeId: quality.universeId, code: 'SS27', names: { en: 'Spring-Summer 2027', fr: 'Printemps-été 2027', it: 'Primavera-estate 2027' } });
  await add('lumiereSeason', 'seasons', 'seasonId', { ...at(quality), code: 'CRU27', names: { en: 'Cruise 2027' } });
  await add('atlasSeason', 'seasons', 'seasonId', { ...at(manager), code: 'ATL27', names: { en: 'Atlas season' } });
  await add('otherUniverseSeason', 'seasons', 'seasonId', { universeId: outsider.universeId, code: 'NW27', names: { en: 'Northwind 2027' } });
  await add('shoes', 'productFamilies', 'productFamilyId', { universeId: quality.universeId, code: 'SHO', names: { en: 'Shoes', fr: 'Chaussures', it: 'Scarpe' } });
  await add('bags', 'productFamilies', 'productFamilyId', { universeId: quality.universeId, code: 'BAG', names: { en: 'Bags', fr: 'Sacs', it: 'Borse' } });
  await add('sneaker', 'products', 'productId', { universeId: quality.universeId, productFamilyId: ids.shoes, code: 'SNK', names: { en: 'Sneaker' } });
  await add('tote', 'products', 'productId', { universeId: quality.universeId, productFamilyId: ids.bags, code: 'TOT', names: { en: 'Tote bag', fr: 'Cabas' } });
});
afterAll(() => server?.close());

describe('every configured lookup answers at each of its paths', () => {
  it('is in the configuration with a path under /back/bo/', () => {
    expect(SOURCES.length).toBeGreaterThanOrEqual(35);
    expect(SOURCES.flatMap(([, source]) => source.paths).every((path) => path.startsWith('/back/bo/'))).toBe(true);
  });

  it('answers every account an item list, and 403 without a session', async () => {
    const problems: string[] = [];
    const anonymous = new Client(server.url);
    for (const [, source] of SOURCES) {
      for (const path of source.paths) {
        if ((await anonymous.get(path)).status !== 403) problems.push(`anonymous ${path}`);
        for (const who of WHO) {
          const reply = await clients[who].get(path);
          const ok = reply.status === 200 && Array.isArray(reply.body) && reply.body.every((item: { value: unknown; label: unknown }) => item.value !== undefined && typeof item.label === 'string' && item.label !== '');
          if (!ok) problems.push(`${who} ${path} → ${reply.status} ${reply.text.slice(0, 100)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("the references lookup answers the brand's references as sku and name, and finds one by its sku", async () => {
    const path = registry.lookups.references.paths[0];
    const all = await clients.quality.get(path);
    expect(all.status).toBe(200);
    const mine = (await server.store.all('references')).filter((row) => row.companyId === people.quality.companyId);
    expect(all.body.map((option: { value: number }) => option.value).sort()).toEqual(mine.map((row) => row.referenceId).sort());
    const one = mine.find((row) => row.sku === 'MLW-2437')!;
    expect(all.body).toContainEqual({ value: one.referenceId, label: `MLW-2437 ${one.name}` });
    const found = await clients.quality.get(path, { q: 'MLW-2437' });
    expect(found.body.map((option: { value: number }) => option.value)).toContain(one.referenceId);
    for (const option of found.body as { label: string }[]) expect(option.label).toContain('MLW-2437'); // its sub-references' skus hold it too
  });

  it("the purchase orders' lookups answer the brand's seeded orders and the sizes and colours of their lines", async () => {
    for (const name of ['purchaseOrders', 'purchaseOrderSizes', 'purchaseOrderColors']) {
      const reply = await clients.quality.get(registry.lookups[name].paths[0]);
      expect(reply.status, name).toBe(200);
      expect(reply.body.length, name).toBeGreaterThan(0);
    }
  });
});

describe('enum and fixed-list lookups', () => {
  it('currencies answer spec §9’s list, named in the caller’s language; currencyCodes the codes', async () => {
    const spec = 'AUD BDT BGN BMD BYN CNY EGP ETB EUR HKD ILS INR JPY KHR KRW MAD MGA MUR NZD PKR RON RWF SGD THB TND TRY URY USD VND ZAR'.split(' ');
    const codes = await clients.quality.get(`${F}/currencyCodes`);
    expect(values(codes)).toEqual(spec);
    expect(labels(codes)).toEqual(spec);
    const names = await clients.quality.get(`${F}/currencies`);
    expect(values(names)).toEqual(spec);
    expect(names.body.find((item: { value: string }) => item.value === 'EUR').label).toMatch(/Euro/);
    const contactId = (await storedContactByEmail(server.store, ACCOUNTS.quality))!.contactId as number;
    await server.store.update('contacts', contactId, (contact) => ({ ...contact, language: 'fr' }));
    try {
      const french = await clients.quality.get(`${F}/currencies`, { q: 'dollar austr' });
      expect(french.body).toEqual([{ value: 'AUD', label: 'AUD – Dollar australien' }]);
    } finally {
      await server.store.update('contacts', contactId, (contact) => ({ ...contact, language: 'en' }));
    }
  });

  it('serviceTypes of one department (division), one by id; a value the enum lacks is a 400', async () => {
    expect(values(await clients.quality.get(`${F}/serviceTypes`, { division: 'LAB' }))).toEqual(['LAB_PHYSICAL_TEST', 'LAB_CHEMICAL_TEST']);
    expect(values(await clients.quality.get(`${F}/serviceTypes`, { division: ['LAB', 'CON'] }))).toEqual(['LAB_PHYSICAL_TEST', 'LAB_CHEMICAL_TEST', 'CON_TRAINING', 'CON_PRODUCT_DEVELOPMENT']);
    expect(values(await clients.quality.get(`${F}/serviceTypes`, { id: 'AUDIT_SOCIAL' }))).toEqual(['AUDIT_SOCIAL']);
    expect(values(await clients.quality.get(`${F}/serviceTypes`, { uuid: UUID }))).toEqual([]);
    const bad: Record<string, string | string[]>[] = [{ division: 'LABS' }, { uuid: 'not-a-uuid' }, { id: ['A', 'B'] }];
    for (const query of bad) {
      const reply = await clients.quality.get(`${F}/serviceTypes`, query);
      expect([reply.status, reply.body.exception], JSON.stringify(query)).toEqual([400, 'BadRequestException']);
    }
    const categories = await clients.quality.get('/back/bo/combo/filters/defects/categories', { division: 'INSP', serviceType: 'INSP_FINAL_RANDOM' });
    expect(values(categories)).toContain('WORKMANSHIP');
    expect((await clients.quality.get('/back/bo/combo/filters/defects/categories', { serviceType: 'FINAL' })).status).toBe(400);
  });

  it('country provinces of one country (the offline gazetteer\u2019s, sorted); the aql enums keep their order', async () => {
    const portugal = values(await clients.quality.get('/back/bo/country/countryProvinces/cascading', { countryId: 'Portugal' }));
    expect(portugal).toEqual(expect.arrayContaining(['Braga', 'Lisbon', 'Porto']));
    expect(portugal).toEqual([...portugal].sort((a, b) => String(a).localeCompare(String(b))));
    expect(values(await clients.quality.get('/back/bo/country/countryProvinces/cascading', { countryId: 'China', q: 'guang' }))).toEqual(['Guangdong', 'Guangxi Zhuang']);
    expect(values(await clients.quality.get(`${F}/aqlSeverity`))).toEqual(['CRITICAL', 'MAJOR', 'MINOR']);
  });
});

describe('record lookups: scope, q, id, uuid, parameters', () => {
  it('company scope: the caller’s own company’s records only, never another company’s, not even by id', async () => {
    const ownOnly = async (who: Who, mine: number, theirs: number) => {
      const seen = values(await clients[who].get(`${F}/strategies`));
      expect(seen).toContain(mine);
      expect(seen).not.toContain(theirs);
      for (const value of seen) expect((await server.store.get('strategies', value as number))!.companyId, `${who} strategy #${value}`).toBe(people[who].companyId);
    };
    await ownOnly('quality', ids.lumiereStrategy, ids.atlasStrategy);
    await ownOnly('buyer', ids.lumiereStrategy, ids.atlasStrategy);
    await ownOnly('manager', ids.atlasStrategy, ids.lumiereStrategy);
    expect((await clients.quality.get(`${F}/strategies`, { id: ids.atlasStrategy })).body).toEqual([]);
    for (const value of values(await clients.outsider.get(`${F}/strategies`))) expect((await server.store.get('strategies', value as number))!.companyId).toBe(people.outsider.companyId);
    expect((await clients.quality.get(`${F}/strategies`, { id: ids.lumiereStrategy })).body).toEqual([{ value: ids.lumiereStrategy, label: 'Supplier audit first' }]);
  });

  it('labels are in the caller’s language, English when a name lacks it', async () => {
    const contactId = (await storedContactByEmail(server.store, ACCOUNTS.buyer))!.contactId as number;
    const speak = (language: string) => server.store.update('contacts', contactId, (contact) => ({ ...contact, language }));
    try {
      await speak('fr');
      expect(labels(await clients.buyer.get(`${F}/strategies`, { id: ids.lumiereStrategy }))).toEqual(['Audit fournisseur d’abord']);
      expect((await clients.buyer.get(`${F}/cascading/seasons`, { id: ids.lumiereSeason })).body).toEqual([{ value: ids.lumiereSeason, label: 'Cruise 2027' }]);
      expect(labels(await clients.buyer.get(`${F}/productTypes`, { q: 'cab' }))).toEqual(['Cabas']);
      await speak('it');
      // The test's two families beside the demo library's (in Italian too).
      expect(labels(await clients.buyer.get(`${F}/productFamilies`))).toEqual(expect.arrayContaining(['Borse', 'Scarpe', 'Accessori']));
    } finally {
      await speak('en');
    }
  });

  it('universe scope: the universe’s shared records and the caller’s company’s own, not another company’s nor universe’s', async () => {
    const seen = values(await clients.quality.get(`${F}/cascading/seasons`));
    expect(seen).toEqual(expect.arrayContaining([ids.universeSeason, ids.lumiereSeason]));
    expect(seen).not.toContain(ids.atlasSeason);
    expect(seen).not.toContain(ids.otherUniverseSeason);
    const outsiders = values(await clients.outsider.get('/back/bo/combo/filters/cascading/seasons'));
    expect(outsiders).toContain(ids.otherUniverseSeason);
    for (const value of [...seen, ...outsiders]) {
      const season = (await server.store.get('seasons', value as number))!;
      const reader = seen.includes(value) ? people.quality : people.outsider;
      expect(season.universeId).toBe(reader.universeId);
      expect([undefined, null, reader.companyId]).toContain(season.companyId);
    }
    expect((await clients.quality.get('/back/bo/combo/filters/cascading/seasons', { id: ids.otherUniverseSeason })).body).toEqual([]);
  });

  it('network scope: brands of the universe’s companies; companyId narrows; archived ones answer by id only', async () => {
    const network = values(await clients.manager.get(`${F}/brands`));
    expect(network).toContain(ids.lumiereBrand);
    expect(network).not.toContain(ids.lumiereOldBrand);
    expect(network).not.toContain(ids.northwindBrand);
    for (const value of network) expect((await server.store.get('brands', value as number))!.universeId).toBe(people.manager.universeId);
    const ofLumiere = values(await clients.manager.get('/back/bo/combo/filters/brands', { companyId: people.quality.companyId }));
    expect(ofLumiere).toContain(ids.lumiereBrand);
    for (const value of ofLumiere) expect((await server.store.get('brands', value as number))!.companyId).toBe(people.quality.companyId);
    expect((await clients.quality.get(`${F}/brands`, { id: ids.lumiereOldBrand })).body).toEqual([{ value: ids.lumiereOldBrand, label: 'Lumière Vintage' }]);
    expect((await clients.quality.get(`${F}/brands`, { uuid: UUID })).body).toEqual([{ value: ids.lumiereBrand, label: 'Lumière Paris' }]);
    expect((await clients.outsider.get(`${F}/brands`, { uuid: UUID })).body).toEqual([]);
    const outsiders = values(await clients.outsider.get(`${F}/brands`));
    expect(outsiders).toContain(ids.northwindBrand);
    expect(outsiders).not.toContain(ids.lumiereBrand);
    expect((await clients.quality.get(`${F}/brands`, { q: 'lumiere par' })).body).toEqual([{ value: ids.lumiereBrand, label: 'Lumière Paris' }]);
    expect((await clients.quality.get(`${F}/brands`, { q: 'northwind' })).body).toEqual([]);
  });

  it('productTypes of one family, named in the caller’s language; bad ids are 400', async () => {
    const shoes = await clients.quality.get(`${F}/productTypes`, { productFamilyId: ids.shoes });
    expect(shoes.body).toEqual([{ value: ids.sneaker, label: 'Sneaker' }]);
    expect(labels(await clients.quality.get(`${F}/productFamilies`))).toEqual(expect.arrayContaining(['Bags', 'Shoes', 'Accessories']));
    const bad: Record<string, string>[] = [{ productFamilyId: 'shoes' }, { productFamilyId: '0' }, { id: 'abc' }, { companyId: '-1' }];
    for (const query of bad) {
      expect((await clients.quality.get(`${F}/productTypes`, query)).status, JSON.stringify(query)).toBe(400);
    }
  });

  it('companies and contacts stay in the caller’s universe; q finds by name', async () => {
    const problems: string[] = [];
    for (const who of WHO) {
      for (const [path, collection] of [['/back/bo/universe/combo/companies', 'companies'], [`${F}/toolcompany/companies`, 'companies'], ['/back/bo/networkcombo/ordertakers/suppliers', 'companies'], [`${F}/auditOrganizations`, 'companies'], [`${F}/toolcompany/company/contacts`, 'contacts']] as const) {
        for (const value of values(await clients[who].get(path))) if ((await server.store.get(collection, value as number))?.universeId !== people[who].universeId) problems.push(`${who} ${path} #${value}`);
      }
      for (const value of values(await clients[who].get(`${F}/contributors`))) if ((await server.store.get('contacts', value as number))?.companyId !== people[who].companyId) problems.push(`${who} contributors #${value}`);
    }
    expect(problems).toEqual([]);
    const suppliers = await clients.quality.get('/back/bo/networkcombo/ordertakers/suppliers', { q: 'shenzhen' });
    expect(labels(suppliers)).toEqual(['Shenzhen Textile Co']);
    const atlasContacts = await clients.quality.get(`${F}/toolcompany/company/contacts`, { companyId: people.manager.companyId });
    expect(values(atlasContacts)).toContain(people.manager.contactId);
    expect((await clients.quality.get(`${F}/toolcompany/company/contacts`, { companyId: people.outsider.companyId })).body).toEqual([]);
    expect((await clients.quality.get(`${F}/toolcompany/companies`, { serviceRole: 'PROVIDER' })).status).toBe(400);
  });

  it('services: only those the caller sees, where the company plays the role asked', async () => {
    const quality = await clients.quality.get(`${F}/services`);
    expect(quality.body.length).toBeGreaterThan(0);
    for (const value of values(quality)) expect((await clients.quality.get(`/back/bo/services/${value}`)).status).toBe(200);
    const [first] = quality.body as { value: number; label: string }[];
    expect((await clients.quality.get(`${F}/services`, { q: first.label })).body).toContainEqual(first);
    expect((await clients.outsider.get(`${F}/services`, { id: first.value })).body).toEqual([]);
    const asClient = await clients.manager.get(`${F}/services`, { serviceRole: 'DECISION_MAKER', companyId: people.quality.companyId });
    for (const value of values(asClient)) expect((await server.store.get('services', value as number))!.client).toBe(people.quality.companyId);
    expect(values(await clients.outsider.get(`${F}/services`)).some((value) => values(quality).includes(value))).toBe(false);
  });

  it('divisions, business and legal units: the values of the caller’s company’s own records', async () => {
    const costs = await server.store.find('structuralCosts', (row) => row.companyId === people.manager.companyId);
    const divisions = [...new Set(costs.map((row) => row.division).filter(Boolean))].sort((a, b) => String(a).localeCompare(String(b)));
    expect(values(await clients.manager.get(`${F}/divisions`))).toEqual(divisions);
    for (const path of ['divisions', 'businessUnits', 'legalUnits']) {
      for (const value of values(await clients.quality.get(`${F}/${path}`))) {
        const mine = await server.store.find('structuralCosts', (row) => row.companyId === people.quality.companyId && [row.division, row.businessUnit, row.legalUnit].includes(value));
        const fees = await server.store.find('fees', (row) => row.companyId === people.quality.companyId && [row.businessUnit, row.legalUnit].includes(value));
        expect(mine.length + fees.length, `${path} ${value}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('a value written into a field of a configured lookup is one that lookup offers the caller', () => {
  let custom: TestServer;
  let quality: Client;

  beforeAll(async () => {
    // A config author points the structural cost's contributor at the caller's company's contributors.
    const dir = await copySchemas();
    const file = join(dir, 'entities/structuralCost.json');
    const schema = JSON.parse(await readFile(file, 'utf8'));
    schema.properties.contributor['x-lookup'] = { url: `${F}/contributors` };
    schema.properties.strategyId = { $ref: 'formats.json#/$defs/id', title: 'structuralCost.type', 'x-lookup': { url: `${F}/strategies` } };
    await writeFile(file, JSON.stringify(schema));
    ({ server: custom, clients: { quality } } = await startWithLogins(['quality'], { schemasDir: dir }));
  });
  afterAll(() => custom?.close());

  it('another company’s contact is refused 400 naming the field, nothing written; an own contact is kept', async () => {
    const before = (await custom.store.all('structuralCosts')).length;
    const lumiere = await demoPeople(custom.store);
    const refused = await quality.post('/back/bo/structuralCost', { amount: 10, contributor: lumiere.manager.contactId });
    expect([refused.status, refused.body.errors?.[0]?.path]).toEqual([400, '/contributor']);
    expect((await custom.store.all('structuralCosts')).length).toBe(before);
    const created = await quality.post('/back/bo/structuralCost', { amount: 10, contributor: lumiere.buyer.contactId });
    expect(created.status, created.text).toBe(201);
    expect(created.body.contributor).toBe(lumiere.buyer.contactId);
  });

  it('another company’s or an archived strategy is refused; a strategy in use is archived, not deleted (422 WARN)', async () => {
    const people = await demoPeople(custom.store);
    const strategy = async (person: Person, code: string, archived = false) =>
      (await custom.store.insert('strategies', 'strategyId', { universeId: person.universeId, companyId: person.companyId, code, names: { en: code }, archived })).strategyId as number;
    const [own, atlas, old] = [await strategy(people.quality, 'LK-OWN'), await strategy(people.manager, 'LK-ATLAS'), await strategy(people.quality, 'LK-OLD', true)];
    const before = (await custom.store.all('structuralCosts')).length;
    for (const strategyId of [atlas, old]) {
      const refused = await quality.post('/back/bo/structuralCost', { amount: 10, strategyId });
      expect([refused.status, refused.body.errors?.[0]?.path], `strategy #${strategyId}`).toEqual([400, '/strategyId']);
    }
    expect((await custom.store.all('structuralCosts')).length).toBe(before);
    expect((await quality.post('/back/bo/structuralCost', { amount: 10, strategyId: own })).status).toBe(201);
    const kept = await quality.request('DELETE', `/back/bo/strategies/admin/${own}`);
    expect([kept.status, kept.body.level], kept.text).toEqual([422, 'WARN']);
    expect(await custom.store.get('strategies', own)).toBeDefined();
  });
});
