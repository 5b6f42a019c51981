import { hashPassword } from '../auth/password';
import type { WriteOps } from '../store/types';

/** The demo universes, companies and contacts; the seven accounts are the ones of CONTRACT.md. */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

type CompanyKey =
  | 'admin' | 'atlas' | 'lumiere' | 'shenzhen' | 'ningbo' | 'guangzhou' | 'dhaka' | 'chittagong' | 'porto'
  | 'guimaraes' | 'istanbul' | 'bursa' | 'como' | 'prato' | 'pacific' | 'anatolia' | 'northwind' | 'harbor';

const companies: Record<CompanyKey, { name: string; roles: string[]; country: string; city: string; universe: 1 | 2; platform?: true; reportDisplayAttendeesListEnabled?: true; currency?: string }> = {
  // The company that runs the platform: its super admins are the platform's own administrators.
  admin: { name: 'QCFlow Admin', roles: ['SERVICE_PROVIDER'], country: 'France', city: 'Paris', universe: 1, platform: true },
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
  pacific: { name: 'Pacific Sourcing Agency', roles: ['AGENT'], country: 'Hong Kong', city: 'Hong Kong', universe: 1 },
  anatolia: { name: 'Anatolia Trade Agents', roles: ['AGENT'], country: 'Turkey', city: 'Izmir', universe: 1 },
  northwind: { name: 'Northwind Goods', roles: ['DECISION_MAKER'], country: 'United States', city: 'Seattle', universe: 2, currency: 'USD' },
  harbor: { name: 'Harbor Apparel Ltd', roles: ['FACTORY'], country: 'Vietnam', city: 'Ho Chi Minh City', universe: 2 },
};

/** Where each company's site is (its city), for the assignment's distances (server/planning/geo.ts). */
const places: Record<CompanyKey, [number, number]> = {
  admin: [48.8566, 2.3522],
  atlas: [45.764, 4.8357],
  lumiere: [48.8698, 2.3311],
  shenzhen: [22.5431, 114.0579],
  ningbo: [29.8683, 121.544],
  guangzhou: [23.1291, 113.2644],
  dhaka: [23.8103, 90.4125],
  chittagong: [22.3569, 91.7832],
  porto: [41.1579, -8.6291],
  guimaraes: [41.4425, -8.2918],
  istanbul: [41.0082, 28.9784],
  bursa: [40.1885, 29.061],
  como: [45.8081, 9.0852],
  prato: [43.8777, 11.1022],
  pacific: [22.3193, 114.1694],
  anatolia: [38.4237, 27.1428],
  northwind: [47.6062, -122.3321],
  harbor: [10.8231, 106.6297],
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
  const universeOf = (key: CompanyKey) => (companies[key].universe === 1 ? main : other);
  const companyIds = {} as Record<CompanyKey, number>;
  const staff = {} as Record<CompanyKey, number[]>;
  for (const [key, { universe, ...company }] of Object.entries(companies) as [CompanyKey, (typeof companies)[CompanyKey]][]) {
    const [latitude, longitude] = places[key];
    companyIds[key] = tx.insert('companies', 'companyId', { ...company, latitude, longitude, universeId: universeOf(key) }).companyId as number;
    staff[key] = [];
  }
  const accounts: Record<string, number> = {};
  let hashIndex = 0;
  for (const person of people) {
    const domain = `${ascii(companies[person.company].name)}.example`;
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
  const companyNames = Object.fromEntries(Object.entries(companies).map(([key, company]) => [key, company.name])) as Record<CompanyKey, string>;
  return { universes: { main, other }, companies: companyIds, companyNames, accounts, staff };
}

export type { CompanyKey };
