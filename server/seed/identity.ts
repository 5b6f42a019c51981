import { hashPassword } from '../auth/password';
import type { WriteOps } from '../store/types';

/** The demo universes, companies and contacts; the seven accounts are the ones of CONTRACT.md. */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

type CompanyKey =
  | 'admin' | 'atlas' | 'lumiere' | 'shenzhen' | 'ningbo' | 'guangzhou' | 'dhaka' | 'chittagong' | 'porto'
  | 'guimaraes' | 'istanbul' | 'bursa' | 'como' | 'prato' | 'pacific' | 'anatolia' | 'northwind' | 'harbor';

const companies: Record<CompanyKey, { name: string; roles: string[]; country: string; city: string; universe: 1 | 2; platform?: true; currency?: string }> = {
  // The company that runs the platform: its super admins are the platform's own administrators.
  admin: { name: 'QCFlow Admin', roles: ['SERVICE_PROVIDER'], country: 'France', city: 'Paris', universe: 1, platform: true },
  atlas: { name: 'Atlas Inspection', roles: ['SERVICE_PROVIDER'], country: 'France', city: 'Lyon', universe: 1 },
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
}

const people: PersonSeed[] = [
  { key: 'admin', company: 'admin', firstName: 'Alex', lastName: 'Morgan', position: 'Platform administrator', email: 'admin@qcflow.test', profile: 'SUPER_ADMIN' },
  { key: 'manager', company: 'atlas', firstName: 'Nadia', lastName: 'Haddad', position: 'Inspection manager', email: 'manager@inspect.test', profile: 'MANAGER' },
  { key: 'inspector', company: 'atlas', firstName: 'Tom', lastName: 'Becker', position: 'Senior inspector', email: 'inspector@inspect.test', profile: 'CONTRIBUTOR' },
  { key: 'quality', company: 'lumiere', firstName: 'Claire', lastName: 'Dubois', position: 'Quality director', email: 'quality@brand.test', profile: 'MANAGER' },
  { key: 'buyer', company: 'lumiere', firstName: 'Hugo', lastName: 'Martin', position: 'Buyer', email: 'buyer@brand.test', profile: 'LOCAL_MANAGER', customServiceType: 'BOTH' },
  { key: 'sales', company: 'shenzhen', firstName: 'Li', lastName: 'Wei', position: 'Sales manager', email: 'sales@supplier.test', profile: 'LOCAL_MANAGER' },
  { key: 'outsider', company: 'northwind', firstName: 'Emma', lastName: 'Clarke', position: 'Quality lead', email: 'outsider@other.test', profile: 'MANAGER' },
  { company: 'atlas', firstName: 'Rahul', lastName: 'Mehta', position: 'Senior inspector' },
  { company: 'atlas', firstName: 'Mei', lastName: 'Lin', position: 'Inspector' },
  { company: 'atlas', firstName: 'Karim', lastName: 'Benali', position: 'Lab technician' },
  { company: 'atlas', firstName: 'Sofia', lastName: 'Ferreira', position: 'Social compliance auditor' },
  { company: 'atlas', firstName: 'Emre', lastName: 'Kaya', position: 'Inspector' },
  { company: 'atlas', firstName: 'Nusrat', lastName: 'Jahan', position: 'Inspector' },
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
    companyIds[key] = tx.insert('companies', 'companyId', { ...company, universeId: universeOf(key) }).companyId as number;
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
