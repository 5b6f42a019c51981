import type { WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';

/**
 * The demo lists of the profile screens: the seasons of both universes (SS and FW of three years;
 * the services name SS26 to FW27, so those are in use), the strategies and compulsory elements of
 * both brands and of the inspection company, and the laboratory packages the inspection company sells.
 */
type Names = { en: string; fr: string; it: string };
type Owner = 'lumiere' | 'atlas' | 'northwind';

const HALVES = [
  { period: 'SS', start: '01-01', end: '06-30', names: { en: 'Spring-summer', fr: 'Printemps-été', it: 'Primavera-estate' } },
  { period: 'FW', start: '07-01', end: '12-31', names: { en: 'Fall-winter', fr: 'Automne-hiver', it: 'Autunno-inverno' } },
] as const;
const YEARS = [2025, 2026, 2027];

const strategies: { owner: Owner; code: string; names: Names; department: string; description: string }[] = [
  { owner: 'lumiere', code: 'PSI-STD', names: { en: 'Standard pre-shipment', fr: 'Avant expédition standard', it: 'Pre-spedizione standard' }, department: 'INSP', description: 'One final inspection per order, AQL 2.5 general level II.' },
  { owner: 'lumiere', code: 'NEW-SUP', names: { en: 'New supplier', fr: 'Nouveau fournisseur', it: 'Nuovo fornitore' }, department: 'AUDIT', description: 'A factory audit, then during- and pre-shipment inspections on the first three orders.' },
  { owner: 'lumiere', code: 'RISK', names: { en: 'Risk-based', fr: 'Selon le risque', it: 'In base al rischio' }, department: 'INSP', description: 'Inspections only for suppliers whose score fell below 70.' },
  { owner: 'atlas', code: 'DUPRO', names: { en: 'During production', fr: 'En cours de production', it: 'Durante la produzione' }, department: 'INSP', description: 'A during-production check at 30 % of the quantity.' },
  { owner: 'atlas', code: 'LAB-FIRST', names: { en: 'Laboratory first', fr: 'Laboratoire d’abord', it: 'Prima il laboratorio' }, department: 'LAB', description: 'Fabric tests before cutting, then a final inspection.' },
  { owner: 'northwind', code: 'FINAL', names: { en: 'Final random inspection', fr: 'Inspection finale aléatoire', it: 'Ispezione finale casuale' }, department: 'INSP', description: 'Final random inspection of every shipment.' },
  { owner: 'northwind', code: 'AUDIT-Y', names: { en: 'Yearly audit', fr: 'Audit annuel', it: 'Audit annuale' }, department: 'AUDIT', description: 'A social and quality audit of each factory every year.' },
];

const laboPackages: { owner: Owner; code: string; names: Names }[] = [
  { owner: 'atlas', code: 'COLOR', names: { en: 'Colour fastness', fr: 'Solidité des couleurs', it: 'Solidità del colore' } },
  { owner: 'atlas', code: 'CHEM', names: { en: 'Chemical compliance (REACH)', fr: 'Conformité chimique (REACH)', it: 'Conformità chimica (REACH)' } },
  { owner: 'atlas', code: 'DIM', names: { en: 'Dimensional stability', fr: 'Stabilité dimensionnelle', it: 'Stabilità dimensionale' } },
  { owner: 'atlas', code: 'KIDS', names: { en: 'Childrenswear safety', fr: 'Sécurité vêtements enfants', it: 'Sicurezza abbigliamento bambini' } },
];

const compulsoryElements: { owner: Owner; code: string; names: Names; department: string; blocking: boolean }[] = [
  { owner: 'lumiere', code: 'CARE-LABEL', names: { en: 'Care label present and legible', fr: 'Étiquette d’entretien présente et lisible', it: 'Etichetta di manutenzione presente e leggibile' }, department: 'INSP', blocking: true },
  { owner: 'lumiere', code: 'METAL', names: { en: 'Metal detection', fr: 'Détection de métaux', it: 'Rilevamento metalli' }, department: 'INSP', blocking: true },
  { owner: 'lumiere', code: 'CARTON', names: { en: 'Carton markings', fr: 'Marquage des cartons', it: 'Marcatura dei cartoni' }, department: 'INSP', blocking: false },
  { owner: 'atlas', code: 'PHOTOS', names: { en: 'Photos of every defect', fr: 'Photos de chaque défaut', it: 'Foto di ogni difetto' }, department: 'INSP', blocking: false },
  { owner: 'atlas', code: 'FIRE-EXIT', names: { en: 'Fire exits checked', fr: 'Issues de secours contrôlées', it: 'Uscite di emergenza controllate' }, department: 'AUDIT', blocking: true },
  { owner: 'northwind', code: 'UPC', names: { en: 'UPC labels scanned', fr: 'Étiquettes UPC scannées', it: 'Etichette UPC scansionate' }, department: 'INSP', blocking: true },
];

/** The brand's and the inspection company's own report models (the report builder that lays them out is not built). */
const customReports: { owner: Owner; name: string; department: string; description: string }[] = [
  { owner: 'lumiere', name: 'Lumière final inspection', department: 'INSP', description: 'The brand’s summary first: verdict, defects by severity, then the photos of each critical defect.' },
  { owner: 'atlas', name: 'Atlas audit report', department: 'AUDIT', description: 'Findings by chapter with the auditor’s score, then the corrective action plan.' },
  { owner: 'northwind', name: 'Northwind inspection summary', department: 'INSP', description: 'One page: verdict, quantities checked and the three main defects.' },
];

export function seedAdminRules(tx: WriteOps, identity: DemoIdentity): void {
  const universeOf = (owner: Owner) => (owner === 'northwind' ? identity.universes.other : identity.universes.main);
  const owned = (owner: Owner) => ({ companyId: identity.companies[owner], universeId: universeOf(owner), archived: false });
  for (const universeId of [identity.universes.main, identity.universes.other]) {
    // A past season, archived: it stays readable on old records, out of the pickers.
    tx.insert('seasons', 'seasonId', { code: 'FW24', names: { en: 'Fall-winter 2024', fr: 'Automne-hiver 2024', it: 'Autunno-inverno 2024' }, year: 2024, period: 'FW', startDate: '2024-07-01', endDate: '2024-12-31', archived: true, universeId });
    for (const year of YEARS) {
      for (const half of HALVES) {
        const names = { en: `${half.names.en} ${year}`, fr: `${half.names.fr} ${year}`, it: `${half.names.it} ${year}` };
        tx.insert('seasons', 'seasonId', { code: `${half.period}${year % 100}`, names, year, period: half.period, startDate: `${year}-${half.start}`, endDate: `${year}-${half.end}`, archived: false, universeId });
      }
    }
  }
  for (const { owner, ...strategy } of strategies) tx.insert('strategies', 'strategyId', { ...strategy, ...owned(owner) });
  for (const { owner, ...labo } of laboPackages) tx.insert('laboPackages', 'laboPackageId', { ...labo, laboratoryTestIds: [], ...owned(owner) });
  for (const { owner, ...element } of compulsoryElements) tx.insert('compulsoryElements', 'compulsoryElementId', { ...element, ...owned(owner) });
  for (const { owner, ...report } of customReports) tx.insert('customReports', 'customReportId', { ...report, companyId: identity.companies[owner], universeId: universeOf(owner) });
}
