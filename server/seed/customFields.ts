import type { WriteOps } from '../store/types';
import type { ProductIds } from './adminFamilies';
import type { DemoIdentity } from './identity';
import { CARE_LABEL_PRODUCTS } from './orderLineFields';

/**
 * The demo companies' custom fields (spec §3): two per scope each uses, for both brands and the
 * inspection company, with a report criterion and a section grouping some of them. The brands'
 * REPORT and REPORT_PIECE fields are those of their inspection reports (server/seed/reports.ts).
 */
type Owner = 'lumiere' | 'atlas' | 'northwind';
const INSPECTIONS = ['INSP_PRE_PRODUCTION', 'INSP_DURING_PRODUCTION', 'INSP_FINAL_RANDOM', 'INSP_CONTAINER_LOADING'];
const names = (en: string, fr: string, it: string) => ({ en, fr, it });
const option = (code: string, en: string, fr: string, it: string) => ({ code, i18n: names(en, fr, it) });

const criteria = [
  { owner: 'lumiere', code: 'APPEARANCE', i18n: names('Appearance', 'Aspect', 'Aspetto'), order: 1 },
  { owner: 'atlas', code: 'SITE_CONDITIONS', i18n: names('Site conditions', 'Conditions sur site', 'Condizioni del sito'), order: 1 },
  { owner: 'northwind', code: 'PACKING_CHECKS', i18n: names('Packing checks', 'Contrôles d’emballage', 'Controlli dell’imballo'), order: 1 },
] as const;

const sections = [
  { owner: 'lumiere', code: 'LOT', i18n: names('Lot identification', 'Identification du lot', 'Identificazione del lotto'), order: 1 },
  { owner: 'northwind', code: 'DELIVERY', i18n: names('Delivery', 'Livraison', 'Consegna'), order: 1 },
] as const;

interface FieldSeed {
  owner: Owner;
  code: string;
  i18n: { en: string; fr: string; it: string };
  functionalGroup: string;
  fieldType: string;
  serviceTypes?: string[];
  nbDecimal?: number;
  listOptions?: ReturnType<typeof option>[];
  criterion?: string;
  section?: string;
  /** Product codes of the owner's universe (an ORDER field shows on their lines only). */
  products?: string[];
}

const fields: FieldSeed[] = [
  {
    owner: 'lumiere', code: 'COLOUR_LOT', i18n: names('Colour lot', 'Lot de teinture', 'Lotto di tintura'), functionalGroup: 'SERVICE', fieldType: 'LIST', serviceTypes: INSPECTIONS, section: 'LOT',
    listOptions: [option('LOT_A', 'Lot A', 'Lot A', 'Lotto A'), option('LOT_B', 'Lot B', 'Lot B', 'Lotto B'), option('MIXED', 'Mixed lots', 'Lots mélangés', 'Lotti misti')],
  },
  { owner: 'lumiere', code: 'CARE_LABEL_CHECKED', i18n: names('Care label checked', 'Étiquette d’entretien vérifiée', 'Etichetta di manutenzione verificata'), functionalGroup: 'SERVICE', fieldType: 'BOOLEAN' },
  { owner: 'lumiere', code: 'CARTON_COUNT', i18n: names('Carton count', 'Nombre de cartons', 'Numero di cartoni'), functionalGroup: 'ORDER', fieldType: 'NUMERIC' },
  {
    owner: 'lumiere', code: 'CARE_LABEL', i18n: names('Care label', 'Étiquette d’entretien', 'Etichetta di manutenzione'), functionalGroup: 'ORDER', fieldType: 'LIST', products: CARE_LABEL_PRODUCTS,
    listOptions: [option('SEWN_IN', 'Sewn in', 'Cousue', 'Cucita'), option('PRINTED', 'Printed', 'Imprimée', 'Stampata'), option('WOVEN', 'Woven', 'Tissée', 'Tessuta')],
  },
  { owner: 'lumiere', code: 'SHADE_BAND', i18n: names('Shade band', 'Bande de nuance', 'Banda di tonalità'), functionalGroup: 'ORDER', fieldType: 'TEXT' },
  { owner: 'lumiere', code: 'HANGER_TEST', i18n: names('Hanger test', 'Test sur cintre', 'Prova su gruccia'), functionalGroup: 'REPORT', fieldType: 'PASSED_FAILED', criterion: 'APPEARANCE' },
  { owner: 'lumiere', code: 'MOISTURE_RATE', i18n: names('Moisture rate (%)', 'Taux d’humidité (%)', 'Tasso di umidità (%)'), functionalGroup: 'REPORT', fieldType: 'NUMERIC_WITH_DECIMAL', nbDecimal: 1, criterion: 'APPEARANCE' },
  { owner: 'lumiere', code: 'PIECE_WEIGHT', i18n: names('Measured weight (g)', 'Poids mesuré (g)', 'Peso misurato (g)'), functionalGroup: 'REPORT_PIECE', fieldType: 'NUMERIC' },
  { owner: 'atlas', code: 'SEAL_NUMBER', i18n: names('Seal number', 'Numéro de scellé', 'Numero di sigillo'), functionalGroup: 'SERVICE', fieldType: 'TEXT', serviceTypes: ['INSP_CONTAINER_LOADING'] },
  { owner: 'atlas', code: 'SAMPLE_PICKUP', i18n: names('Sample pick-up', 'Enlèvement des échantillons', 'Ritiro dei campioni'), functionalGroup: 'SERVICE', fieldType: 'DATE' },
  {
    owner: 'atlas', code: 'WEATHER', i18n: names('Weather', 'Météo', 'Meteo'), functionalGroup: 'REPORT', fieldType: 'LIST', criterion: 'SITE_CONDITIONS',
    listOptions: [option('DRY', 'Dry', 'Sec', 'Asciutto'), option('HUMID', 'Humid', 'Humide', 'Umido'), option('RAIN', 'Rain', 'Pluie', 'Pioggia')],
  },
  { owner: 'atlas', code: 'ROOM_HUMIDITY', i18n: names('Room humidity (%)', 'Humidité de la salle (%)', 'Umidità della sala (%)'), functionalGroup: 'REPORT', fieldType: 'NUMERIC_WITH_DECIMAL', nbDecimal: 1, criterion: 'SITE_CONDITIONS' },
  { owner: 'northwind', code: 'DC_LOCATION', i18n: names('Distribution centre', 'Centre de distribution', 'Centro di distribuzione'), functionalGroup: 'SERVICE', fieldType: 'LIST', section: 'DELIVERY', listOptions: [option('SEATTLE', 'Seattle', 'Seattle', 'Seattle'), option('MEMPHIS', 'Memphis', 'Memphis', 'Memphis')] },
  { owner: 'northwind', code: 'PO_BATCH', i18n: names('PO batch', 'Lot de commandes', 'Lotto di ordini'), functionalGroup: 'SERVICE', fieldType: 'TEXT' },
  { owner: 'northwind', code: 'UPC_CHECK', i18n: names('UPC check', 'Contrôle UPC', 'Controllo UPC'), functionalGroup: 'ORDER', fieldType: 'PASSED_FAILED' },
  { owner: 'northwind', code: 'CASE_PACK', i18n: names('Case pack', 'Colisage', 'Confezionamento'), functionalGroup: 'ORDER', fieldType: 'NUMERIC' },
  { owner: 'northwind', code: 'SHADE_BAND_CHECK', i18n: names('Shade band check', 'Contrôle de la bande de nuance', 'Controllo della banda di tonalità'), functionalGroup: 'REPORT', fieldType: 'PASSED_FAILED', criterion: 'PACKING_CHECKS' },
  { owner: 'northwind', code: 'PIECE_WEIGHT', i18n: names('Measured weight (g)', 'Poids mesuré (g)', 'Peso misurato (g)'), functionalGroup: 'REPORT_PIECE', fieldType: 'NUMERIC' },
];

/** What each company shows on its final random inspections, in order: fields, report criteria, sections. */
const finalInspection: { owner: Owner; fields: string[]; criteria: string[]; sections: string[] }[] = [
  { owner: 'lumiere', fields: ['COLOUR_LOT', 'CARE_LABEL_CHECKED'], criteria: ['APPEARANCE'], sections: ['LOT'] },
  { owner: 'atlas', fields: ['SAMPLE_PICKUP'], criteria: ['SITE_CONDITIONS'], sections: [] },
  { owner: 'northwind', fields: ['DC_LOCATION', 'PO_BATCH'], criteria: ['PACKING_CHECKS'], sections: ['DELIVERY'] },
];

export function seedCustomFields(tx: WriteOps, identity: DemoIdentity, products: ProductIds): void {
  const where = (owner: Owner) => ({ companyId: identity.companies[owner], universeId: owner === 'northwind' ? identity.universes.other : identity.universes.main });
  const criterionIds = new Map(criteria.map(({ owner, ...criterion }) => [`${owner}.${criterion.code}`, tx.insert('reportCriteria', 'reportCriterionId', { ...criterion, ...where(owner) }).reportCriterionId]));
  const sectionIds = new Map(sections.map(({ owner, ...section }) => [`${owner}.${section.code}`, tx.insert('customFieldSections', 'customFieldSectionId', { ...section, ...where(owner) }).customFieldSectionId]));
  const fieldIds = new Map<string, unknown>();
  for (const { owner, criterion, section, products: productCodes, ...field } of fields) {
    const universe = owner === 'northwind' ? 'other' : 'main';
    const stored = tx.insert('customFields', 'customFieldId', {
      nbDecimal: 0,
      dateWithHour: false,
      listOptions: [],
      serviceTypes: [],
      productTypes: [],
      required: false,
      enabled: true,
      ...field,
      ...(criterion ? { reportCriterion: criterionIds.get(`${owner}.${criterion}`) } : {}),
      ...(section ? { section: sectionIds.get(`${owner}.${section}`) } : {}),
      ...(productCodes ? { productTypes: productCodes.map((code) => products[universe][code]) } : {}),
      ...where(owner),
    });
    fieldIds.set(`${owner}.${field.code}`, stored.customFieldId);
  }
  const serviceType = 'INSP_FINAL_RANDOM';
  for (const { owner, fields: codes, criteria: criterionCodes, sections: sectionCodes } of finalInspection) {
    codes.forEach((code, order) => tx.insert('serviceTypeCustomFields', 'serviceTypeCustomFieldId', { serviceType, customFieldId: fieldIds.get(`${owner}.${code}`), order, ...where(owner) }));
    criterionCodes.forEach((code, order) => tx.insert('serviceTypeReportCriteria', 'serviceTypeReportCriterionId', { serviceType, reportCriterionId: criterionIds.get(`${owner}.${code}`), order, ...where(owner) }));
    sectionCodes.forEach((code, order) => tx.insert('serviceTypeSections', 'serviceTypeSectionId', { serviceType, customFieldSectionId: sectionIds.get(`${owner}.${code}`), order, ...where(owner) }));
  }
}
