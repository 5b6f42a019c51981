import type { WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';

/**
 * The demo's administration lists of the company and universe profiles: brands and sectors of
 * both brands (and the provider's sectors), the universes' checkpoints, the provider's service
 * budgets (tags have their own seed: tags.ts). Sector codes are the services' `sector` values: a sector
 * services name is in use (archived, not deleted).
 */
type Owner = 'lumiere' | 'atlas' | 'northwind';

const names = (en: string, fr: string, it: string) => ({ en, fr, it });

const brands: { owner: Owner; code: string; name: string; color: string; archived?: true }[] = [
  { owner: 'lumiere', code: 'ML', name: 'Maison Lumière', color: '#7950f2' },
  { owner: 'lumiere', code: 'ML-SPORT', name: 'Lumière Sport', color: '#12b886' },
  { owner: 'lumiere', code: 'ML-KIDS', name: 'Petite Lumière', color: '#f59f00' },
  { owner: 'lumiere', code: 'ML-ATEL', name: 'Atelier 1998', color: '#495057', archived: true },
  { owner: 'northwind', code: 'NW', name: 'Northwind', color: '#228be6' },
  { owner: 'northwind', code: 'NW-OUT', name: 'Northwind Outdoor', color: '#15aabf' },
];

const sectors: { owner: Owner; code: string; names: ReturnType<typeof names> }[] = [
  { owner: 'lumiere', code: 'APPAREL', names: names('Apparel', 'Habillement', 'Abbigliamento') },
  { owner: 'lumiere', code: 'FOOTWEAR', names: names('Footwear', 'Chaussures', 'Calzature') },
  { owner: 'lumiere', code: 'LEATHER_GOODS', names: names('Leather goods', 'Maroquinerie', 'Pelletteria') },
  { owner: 'lumiere', code: 'ACCESSORIES', names: names('Accessories', 'Accessoires', 'Accessori') },
  { owner: 'atlas', code: 'APPAREL', names: names('Apparel', 'Habillement', 'Abbigliamento') },
  { owner: 'atlas', code: 'HOME', names: names('Home textiles', 'Linge de maison', 'Tessili per la casa') },
  { owner: 'northwind', code: 'APPAREL', names: names('Apparel', 'Habillement', 'Abbigliamento') },
  { owner: 'northwind', code: 'OUTDOOR', names: names('Outdoor gear', 'Équipement de plein air', 'Attrezzatura outdoor') },
];

const checkpoints: { universe: 'main' | 'other'; code: string; names: ReturnType<typeof names>; department: string; mandatory: boolean; instructions?: string }[] = [
  { universe: 'main', code: 'CP-LABEL', names: names('Care label and composition', 'Étiquette d’entretien et composition', 'Etichetta di manutenzione e composizione'), department: 'INSP', mandatory: true, instructions: 'Check the label against the order: composition, care symbols, country of origin.' },
  { universe: 'main', code: 'CP-MEAS', names: names('Measurements against the size chart', 'Mesures selon le barème de tailles', 'Misure secondo la tabella taglie'), department: 'INSP', mandatory: true },
  { universe: 'main', code: 'CP-SHADE', names: names('Colour shade against the approved sample', 'Nuance de couleur selon l’échantillon approuvé', 'Tonalità di colore rispetto al campione approvato'), department: 'INSP', mandatory: false },
  { universe: 'main', code: 'CP-CARTON', names: names('Packing and carton marking', 'Emballage et marquage des cartons', 'Imballaggio e marcatura dei cartoni'), department: 'INSP', mandatory: true },
  { universe: 'main', code: 'CP-EXIT', names: names('Fire exits free and signed', 'Issues de secours dégagées et signalées', 'Uscite di emergenza libere e segnalate'), department: 'AUDIT', mandatory: true },
  { universe: 'main', code: 'CP-PH', names: names('pH value of the fabric', 'Valeur pH du tissu', 'Valore pH del tessuto'), department: 'LAB', mandatory: false },
  { universe: 'other', code: 'CP-LABEL', names: names('Care label', 'Étiquette d’entretien', 'Etichetta di manutenzione'), department: 'INSP', mandatory: true },
  { universe: 'other', code: 'CP-DROP', names: names('Carton drop test', 'Test de chute du carton', 'Prova di caduta del cartone'), department: 'INSP', mandatory: false },
];

const budgets: { owner: Owner; code: string; year: number; department: string; client?: Owner; amount: number; currency: string; manDays?: number; comment?: string }[] = [
  { owner: 'atlas', code: '2025-INSP-ML', year: 2025, department: 'INSP', client: 'lumiere', amount: 184000, currency: 'EUR', manDays: 640, comment: 'Framework agreement with Maison Lumière' },
  { owner: 'atlas', code: '2026-INSP-ML', year: 2026, department: 'INSP', client: 'lumiere', amount: 210000, currency: 'EUR', manDays: 720 },
  { owner: 'atlas', code: '2026-AUDIT', year: 2026, department: 'AUDIT', amount: 65000, currency: 'EUR', manDays: 150 },
  { owner: 'atlas', code: '2026-LAB', year: 2026, department: 'LAB', amount: 42000, currency: 'EUR' },
  { owner: 'northwind', code: '2026-INSP', year: 2026, department: 'INSP', amount: 90000, currency: 'USD', manDays: 300 },
];

export function seedAdminLists(tx: WriteOps, identity: DemoIdentity): void {
  const universeOf = (owner: Owner) => (owner === 'northwind' ? identity.universes.other : identity.universes.main);
  const owned = (owner: Owner) => ({ companyId: identity.companies[owner], universeId: universeOf(owner) });
  for (const { owner, archived, ...brand } of brands) tx.insert('brands', 'brandId', { ...brand, archived: archived ?? false, ...owned(owner) });
  for (const { owner, ...sector } of sectors) tx.insert('sectors', 'sectorId', { ...sector, archived: false, ...owned(owner) });
  for (const { universe, ...checkpoint } of checkpoints) tx.insert('checkpoints', 'checkpointId', { ...checkpoint, archived: false, universeId: identity.universes[universe] });
  for (const { owner, client, ...budget } of budgets) {
    tx.insert('companyServiceBudgets', 'companyServiceBudgetId', { ...budget, ...(client ? { client: identity.companies[client] } : {}), ...owned(owner) });
  }
}
