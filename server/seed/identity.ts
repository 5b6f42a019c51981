import { hashPassword } from '../auth/password';
import type { WriteOps } from '../store/types';

/** The demo universes, companies and contacts; the seven accounts are the ones of CONTRACT.md. */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export type CompanyKey =
  | 'admin' | 'atlas' | 'lumiere' | 'shenzhen' | 'ningbo' | 'guangzhou' | 'dhaka' | 'chittagong' | 'porto'
  | 'guimaraes' | 'istanbul' | 'bursa' | 'como' | 'prato' | 'pacific' | 'anatolia' | 'northwind' | 'harbor';

export const DEMO_COMPANIES: Record<CompanyKey, { name: string; roles: string[]; country: string; city: string; universe: 1 | 2; platform?: true; reportDisplayAttendeesListEnabled?: true; currency?: string }> = {
  // The company that runs the platform: its super admins are the platform's own administrators.
  admin: { name: 'QCFlow Admin', roles: ['SERVICE_PROVIDER'], country: 'France', city: 'Boulogne-Billancourt', universe: 1, platform: true },
  atlas: { name: 'Atlas Inspection', roles: ['SERVICE_PROVIDER'], country: 'France', city: 'Lyon', universe: 1, reportDisplayAttendeesListEnabled: true },
  lumiere: { name: 'Maison Lumière', roles: ['DECISION_MAKER'], country: 'France', city: 'Paris', universe: 1 },
  shenzhen: { name: 'Shenzhen Textile Co', roles: ['SUPPLIER'], country: 'China', city: 'Shenzhen', universe: 1 },
  ningbo: { name: 'Ningbo Garment Factory', roles: ['FACTORY'], country: 'China', city: 'Ningbo', universe: 1 },
  guangzhou: { name: 'Guangzhou Leather Goods', roles: ['FACTORY'], country: 'China', city: 'Guangzhou', universe: 1 },
  dhaka: { name: 'Dhaka Knitwear Ltd', roles: ['FACTORY'], country: 'Bangladesh', city: 'Dhaka', universe: 1 },
  chittagong: { name: 'Chittagong Apparel Works', roles: ['FACTORY'], country: 'Bangladesh', city: 'Chittagong', universe: 1 },
  porto: { name: 'Porto Malhas Lda', roles: ['SUPPLIER', 'FACTORY'], country: 'Portugal', city: 'Porto', universe: 1 },
  guimaraes: { name: 'Guimarães Têxteis', roles: ['FACTORY'], country: 'Portugal', city: 'Guimarães', universe: 1 },
  istanbul: { name: 'Istanbul Denim Sanayi', roles: ['FACTORY'], country: 'Turkey', city: 'Istanbul', universe: 1 },
  bursa: { name: 'Bursa Örme Tekstil', roles: ['SUPPLIER'], country: 'Turkey', city: 'Bursa', universe: 1 },
  como: { name: 'Como Seta S.r.l.', roles: ['SUPPLIER'], country: 'Italy', city: 'Como', universe: 1 },
  prato: { name: 'Prato Filati', roles: ['FACTORY'], country: 'Italy', city: 'Prato', universe: 1 },
  pacific: { name: 'Pacific Sourcing Agency', roles: ['AGENT'], country: 'Hong Kong S.A.R.', city: 'Kowloon City', universe: 1 },
  anatolia: { name: 'Anatolia Trade Agents', roles: ['AGENT'], country: 'Turkey', city: 'Izmir', universe: 1 },
  northwind: { name: 'Northwind Goods', roles: ['DECISION_MAKER'], country: 'United States', city: 'Seattle', universe: 2, currency: 'USD' },
  harbor: { name: 'Harbor Apparel Ltd', roles: ['FACTORY'], country: 'Vietnam', city: 'Ho Chi Minh City', universe: 2 },
};

/**
 * Each company's address (spec §3 Address) and its GPS as the profile's geocoding answers it: the
 * gazetteer's coordinates of the city in its province, at 4 decimals (tests/unit/seed-addresses.test.ts
 * geocodes every one again). Also the assignment's distances (server/planning/geo.ts).
 */
export const DEMO_ADDRESSES: Record<CompanyKey, { address1: string; zipCode: string; province: string; gps: [number, number] }> = {
  admin: { address1: '40 Rue du Vieux Pont de Sèvres', zipCode: '92100', province: 'Île-de-France', gps: [48.8355, 2.2413] },
  atlas: { address1: '25 Quai Perrache', zipCode: '69002', province: 'Auvergne-Rhône-Alpes', gps: [45.7485, 4.8467] },
  lumiere: { address1: '8 Rue du Faubourg Saint-Honoré', zipCode: '75008', province: 'Île-de-France', gps: [48.8534, 2.3486] },
  shenzhen: { address1: '3018 Shennan Avenue, Futian', zipCode: '518000', province: 'Guangdong', gps: [22.5565, 113.9859] },
  ningbo: { address1: '188 Zhongshan East Road', zipCode: '315000', province: 'Zhejiang', gps: [29.8782, 121.5495] },
  guangzhou: { address1: '98 Huangpu Avenue West', zipCode: '510620', province: 'Guangdong', gps: [23.1167, 113.25] },
  dhaka: { address1: 'Plot 12, Road 7, Tejgaon Industrial Area', zipCode: '1208', province: 'Dhaka District', gps: [23.8109, 90.3654] },
  chittagong: { address1: '45 CEPZ Road, Patenga', zipCode: '4223', province: 'Chittagong Division', gps: [22.4875, 91.9633] },
  porto: { address1: 'Rua de Santa Catarina 512', zipCode: '4000-446', province: 'Porto', gps: [41.1496, -8.611] },
  guimaraes: { address1: 'Avenida Conde Margaride 140', zipCode: '4810-537', province: 'Braga', gps: [41.4438, -8.2892] },
  istanbul: { address1: 'Merter Tekstil Merkezi, Keresteciler Sitesi 14', zipCode: '34169', province: 'Istanbul', gps: [41.1634, 28.7664] },
  bursa: { address1: 'Demirtaş OSB, Mustafa Karaer Caddesi 21', zipCode: '16245', province: 'Bursa', gps: [40.1956, 29.0601] },
  como: { address1: 'Via Borgo Vico 148', zipCode: '22100', province: 'Lombardy', gps: [45.8082, 9.0832] },
  prato: { address1: 'Via Galcianese 34', zipCode: '59100', province: 'Tuscany', gps: [43.8805, 11.097] },
  pacific: { address1: '15/F, 133 Hoi Bun Road, Kwun Tong', zipCode: '999077', province: 'Kowloon City', gps: [22.3282, 114.1916] },
  anatolia: { address1: 'Kazım Dirik Mahallesi, 372. Sokak 8', zipCode: '35100', province: 'İzmir', gps: [38.4127, 27.1384] },
  northwind: { address1: '1201 Third Avenue', zipCode: '98101', province: 'Washington', gps: [47.6062, -122.3321] },
  harbor: { address1: '12 Tan Thuan Export Processing Zone, District 7', zipCode: '700000', province: 'Hồ Chí Minh', gps: [10.823, 106.6297] },
};

interface PersonSeed {
  key?: string;
  company: CompanyKey;
  firstName: string;
  lastName: string;
  position: string;
  email?: string;
  profile?: string;
  language?: 'en' | 'fr' | 'it';
  customServiceType?: 'QUICK' | 'BOTH';
  /** Home coordinates (the provider's contributors): the assignment's distance from home. */
  home?: [number, number];
}

const people: PersonSeed[] = [
  { key: 'admin', company: 'admin', firstName: 'Alex', lastName: 'Morgan', position: 'Platform administrator', email: 'admin@qcflow.test', profile: 'SUPER_ADMIN' },
  { key: 'manager', company: 'atlas', firstName: 'Nadia', lastName: 'Haddad', position: 'Inspection manager', email: 'manager@inspect.test', profile: 'MANAGER', home: [45.7578, 4.832] },
  { key: 'inspector', company: 'atlas', firstName: 'Tom', lastName: 'Becker', position: 'Senior inspector', email: 'inspector@inspect.test', profile: 'CONTRIBUTOR', home: [22.2783, 114.1747] },
  { key: 'quality', company: 'lumiere', firstName: 'Claire', lastName: 'Dubois', position: 'Quality director', email: 'quality@brand.test', profile: 'MANAGER' },
  { key: 'buyer', company: 'lumiere', firstName: 'Hugo', lastName: 'Martin', position: 'Buyer', email: 'buyer@brand.test', profile: 'LOCAL_MANAGER', customServiceType: 'BOTH' },
  { key: 'sales', company: 'shenzhen', firstName: 'Li', lastName: 'Wei', position: 'Sales manager', email: 'sales@supplier.test', profile: 'LOCAL_MANAGER' },
  { key: 'outsider', company: 'northwind', firstName: 'Emma', lastName: 'Clarke', position: 'Quality lead', email: 'outsider@other.test', profile: 'MANAGER' },
  { company: 'atlas', firstName: 'Rahul', lastName: 'Mehta', position: 'Senior inspector', home: [23.7806, 90.4193] },
  { company: 'atlas', firstName: 'Mei', lastName: 'Lin', position: 'Inspector', home: [31.2304, 121.4737] },
  { company: 'atlas', firstName: 'Karim', lastName: 'Benali', position: 'Lab technician', home: [45.75, 4.85] },
  { company: 'atlas', firstName: 'Sofia', lastName: 'Ferreira', position: 'Social compliance auditor', home: [41.1496, -8.611] },
  { company: 'atlas', firstName: 'Emre', lastName: 'Kaya', position: 'Inspector', home: [41.0422, 29.0083] },
  { company: 'atlas', firstName: 'Nusrat', lastName: 'Jahan', position: 'Inspector', home: [22.3475, 91.8123] },
  { company: 'lumiere', firstName: 'Sophie', lastName: 'Laurent', position: 'Quality engineer', language: 'fr' },
  { company: 'lumiere', firstName: 'Julien', lastName: 'Moreau', position: 'Product manager', language: 'fr' },
  { company: 'lumiere', firstName: 'Camille', lastName: 'Petit', position: 'Sourcing manager', language: 'fr' },
  { company: 'shenzhen', firstName: 'Zhang', lastName: 'Wei', position: 'QA manager' },
  { company: 'ningbo', firstName: 'Wang', lastName: 'Fang', position: 'Factory manager' },
  { company: 'guangzhou', firstName: 'Liu', lastName: 'Yang', position: 'Production supervisor' },
  { company: 'dhaka', firstName: 'Farhana', lastName: 'Akter', position: 'Compliance officer' },
  { company: 'dhaka', firstName: 'Rahim', lastName: 'Uddin', position: 'Quality manager' },
  { company: 'chittagong', firstName: 'Tanvir', lastName: 'Hasan', position: 'Merchandiser' },
  { company: 'porto', firstName: 'João', lastName: 'Silva', position: 'Quality manager' },
  { company: 'guimaraes', firstName: 'Ana', lastName: 'Costa', position: 'Production manager' },
  { company: 'istanbul', firstName: 'Mehmet', lastName: 'Yılmaz', position: 'Laundry supervisor' },
  { company: 'bursa', firstName: 'Ayşe', lastName: 'Demir', position: 'Export manager' },
  { company: 'como', firstName: 'Giulia', lastName: 'Rossi', position: 'Quality manager', language: 'it' },
  { company: 'prato', firstName: 'Marco', lastName: 'Bianchi', position: 'Spinning mill director', language: 'it' },
  { company: 'pacific', firstName: 'Kevin', lastName: 'Chan', position: 'Sourcing agent' },
  { company: 'anatolia', firstName: 'Deniz', lastName: 'Arslan', position: 'Sourcing agent' },
  { company: 'northwind', firstName: 'Ryan', lastName: 'Walsh', position: 'Buyer' },
  { company: 'harbor', firstName: 'Nguyen', lastName: 'Van An', position: 'QA manager' },
];

const ascii = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/ı/g, 'i').toLowerCase().replace(/[^a-z]+/g, '');

export interface DemoIdentity {
  universes: { main: number; other: number };
  companies: Record<CompanyKey, number>;
  companyNames: Record<CompanyKey, string>;
  /** Demo account contacts by key (admin, manager, inspector, quality, buyer, sales, outsider). */
  accounts: Record<string, number>;
  /** Contact ids per company key. */
  staff: Record<CompanyKey, number[]>;
}

/** Password hashes are computed before the write section (scrypt is slow on purpose). */
export async function accountHashes(): Promise<string[]> {
  return Promise.all(people.filter((person) => person.profile).map(() => hashPassword(DEMO_PASSWORD)));
}

export function seedIdentity(tx: WriteOps, hashes: string[]): DemoIdentity {
  const main = tx.insert('universes', 'universeId', { name: 'Maison Lumière network', segregated: false }).universeId as number;
  const other = tx.insert('universes', 'universeId', { name: 'Northwind network', segregated: false }).universeId as number;
  const universeOf = (key: CompanyKey) => (DEMO_COMPANIES[key].universe === 1 ? main : other);
  const companyIds = {} as Record<CompanyKey, number>;
  const staff = {} as Record<CompanyKey, number[]>;
  for (const [key, { universe, ...company }] of Object.entries(DEMO_COMPANIES) as [CompanyKey, (typeof DEMO_COMPANIES)[CompanyKey]][]) {
    const { gps: [latitude, longitude], ...address } = DEMO_ADDRESSES[key];
    companyIds[key] = tx.insert('companies', 'companyId', { ...company, ...address, latitude, longitude, universeId: universeOf(key) }).companyId as number;
    staff[key] = [];
  }
  const accounts: Record<string, number> = {};
  let hashIndex = 0;
  for (const person of people) {
    const domain = `${ascii(DEMO_COMPANIES[person.company].name)}.example`;
    const contact = tx.insert('contacts', 'contactId', {
      universeId: universeOf(person.company),
      companyId: companyIds[person.company],
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email ?? `${ascii(person.firstName)}.${ascii(person.lastName)}@${domain}`,
      position: person.position,
      language: person.language ?? 'en',
      allowNotification: true,
      ...(person.home ? { homeLatitude: person.home[0], homeLongitude: person.home[1] } : {}),
      ...(person.profile ? { account: { profiles: [person.profile], passwordHash: hashes[hashIndex++], failedLogins: 0, customServiceType: person.customServiceType ?? 'FULL' } } : {}),
    });
    const id = contact.contactId as number;
    staff[person.company].push(id);
    if (person.key) accounts[person.key] = id;
  }
  const companyNames = Object.fromEntries(Object.entries(DEMO_COMPANIES).map(([key, company]) => [key, company.name])) as Record<CompanyKey, string>;
  return { universes: { main, other }, companies: companyIds, companyNames, accounts, staff };
}

