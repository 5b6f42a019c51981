import { DEFECTS, DEFECT_FAMILIES } from '../reports/library';
import type { WriteOps } from '../store/types';
import { DEFECT_LIBRARY, type SeedFamily } from './defectLibrary';
import type { CompanyKey, DemoIdentity } from './identity';

/**
 * The demo's lists of families and their items (spec §7.8): laboratory tests (shared by every
 * universe), then for each brand's universe its product families and products and its defect
 * library, and beside them a few of the brand's own (written with CUSTOM_PRODUCT, CUSTOM_DEFECT).
 */
type Names = { en: string; fr: string; it: string };
interface Item {
  code: string;
  names: Names;
  extra?: Record<string, unknown>;
}
interface Family {
  code: string;
  names: Names;
  items: Item[];
}

const n = (en: string, fr: string, it: string): Names => ({ en, fr, it });
const item = (code: string, names: Names, extra?: Record<string, unknown>): Item => ({ code, names, extra });

const LABORATORY_TESTS: Family[] = [
  {
    code: 'COL',
    names: n('Colour fastness', 'Solidité des couleurs', 'Solidità del colore'),
    items: [
      item('COL-WASH', n('Colour fastness to washing', 'Solidité au lavage', 'Solidità al lavaggio'), { method: 'ISO 105-C06' }),
      item('COL-RUB', n('Colour fastness to rubbing', 'Solidité au frottement', 'Solidità allo sfregamento'), { method: 'ISO 105-X12' }),
      item('COL-LIGHT', n('Colour fastness to light', 'Solidité à la lumière', 'Solidità alla luce'), { method: 'ISO 105-B02' }),
      item('COL-SWEAT', n('Colour fastness to perspiration', 'Solidité à la sueur', 'Solidità al sudore'), { method: 'ISO 105-E04' }),
    ],
  },
  {
    code: 'DIM',
    names: n('Dimensional stability', 'Stabilité dimensionnelle', 'Stabilità dimensionale'),
    items: [
      item('DIM-WASH', n('Dimensional change after washing', 'Variation dimensionnelle au lavage', 'Variazione dimensionale al lavaggio'), { method: 'ISO 5077' }),
      item('DIM-SPIR', n('Spirality after laundering', 'Vrillage après lavage', 'Torsione dopo il lavaggio'), { method: 'ISO 16322-2' }),
    ],
  },
  {
    code: 'CHE',
    names: n('Chemical safety', 'Sécurité chimique', 'Sicurezza chimica'),
    items: [
      item('CHE-AZO', n('Banned azo dyes', 'Colorants azoïques interdits', 'Coloranti azoici vietati'), { method: 'EN ISO 14362-1' }),
      item('CHE-NI', n('Nickel release', 'Libération de nickel', 'Rilascio di nichel'), { method: 'EN 1811' }),
      item('CHE-PH', n('pH of the aqueous extract', 'pH de l’extrait aqueux', 'pH dell’estratto acquoso'), { method: 'ISO 3071' }),
      item('CHE-FORM', n('Free formaldehyde', 'Formaldéhyde libre', 'Formaldeide libera'), { method: 'ISO 14184-1' }),
    ],
  },
  {
    code: 'PHY',
    names: n('Physical properties', 'Propriétés physiques', 'Proprietà fisiche'),
    items: [
      item('PHY-TEAR', n('Tear strength', 'Résistance à la déchirure', 'Resistenza alla lacerazione'), { method: 'ISO 13937-2' }),
      item('PHY-PILL', n('Pilling resistance', 'Résistance au boulochage', 'Resistenza al pilling'), { method: 'ISO 12945-2' }),
      item('PHY-SEAM', n('Seam slippage', 'Glissement des coutures', 'Scorrimento delle cuciture'), { method: 'ISO 13936-1' }),
    ],
  },
];

const PRODUCTS: Record<'main' | 'other', Family[]> = {
  main: [
    {
      code: 'RTW',
      names: n('Ready-to-wear', 'Prêt-à-porter', 'Prêt-à-porter'),
      items: [
        item('DRESS', n('Dress', 'Robe', 'Abito')),
        item('SHIRT', n('Shirt', 'Chemise', 'Camicia')),
        item('KNIT', n('Knitwear', 'Maille', 'Maglieria')),
        item('TROUSERS', n('Trousers', 'Pantalon', 'Pantaloni')),
        item('COAT', n('Coat', 'Manteau', 'Cappotto')),
      ],
    },
    {
      code: 'LEA',
      names: n('Leather goods', 'Maroquinerie', 'Pelletteria'),
      items: [item('BAG', n('Handbag', 'Sac à main', 'Borsa')), item('WALLET', n('Wallet', 'Portefeuille', 'Portafoglio')), item('BELT', n('Belt', 'Ceinture', 'Cintura'))],
    },
    {
      code: 'ACC',
      names: n('Accessories', 'Accessoires', 'Accessori'),
      items: [item('SCARF', n('Silk scarf', 'Carré de soie', 'Foulard di seta')), item('GLOVES', n('Gloves', 'Gants', 'Guanti'))],
    },
  ],
  other: [
    {
      code: 'OUT',
      names: n('Outdoor apparel', 'Vêtements outdoor', 'Abbigliamento outdoor'),
      items: [item('JACKET', n('Rain jacket', 'Veste de pluie', 'Giacca antipioggia')), item('FLEECE', n('Fleece', 'Polaire', 'Pile')), item('PANTS', n('Hiking pants', 'Pantalon de randonnée', 'Pantaloni da trekking'))],
    },
    {
      code: 'FOOT',
      names: n('Footwear', 'Chaussures', 'Calzature'),
      items: [item('BOOT', n('Hiking boot', 'Chaussure de randonnée', 'Scarpone da trekking')), item('SANDAL', n('Sandal', 'Sandale', 'Sandalo'))],
    },
  ],
};

/** Each brand's own lists, beside its universe's. */
const OWN_PRODUCTS: Partial<Record<CompanyKey, Family>> = {
  lumiere: { code: 'HOME', names: n('Home linen', 'Linge de maison', 'Biancheria per la casa'), items: [item('CUSHION', n('Cushion cover', 'Housse de coussin', 'Federa per cuscino')), item('THROW', n('Throw', 'Plaid', 'Plaid'))] },
  northwind: { code: 'CAMP', names: n('Camping gear', 'Matériel de camping', 'Attrezzatura da campeggio'), items: [item('TENT', n('Tent', 'Tente', 'Tenda'))] },
};
const OWN_DEFECTS: Partial<Record<CompanyKey, SeedFamily>> = {
  lumiere: {
    code: 'LUM',
    names: n('Maison Lumière finish', 'Finitions Maison Lumière', 'Finiture Maison Lumière'),
    defects: [
      { code: 'LUM-01', category: 'APPEARANCE', severity: 'MAJOR', names: n('Logo embroidery misplaced', 'Broderie du logo mal placée', 'Ricamo del logo fuori posto') },
      { code: 'LUM-02', category: 'CONFORMITY', severity: 'MINOR', names: n('Lining colour mismatch', 'Couleur de doublure non conforme', 'Colore della fodera non conforme') },
    ],
  },
  northwind: {
    code: 'NWG',
    names: n('Field tests', 'Essais terrain', 'Prove sul campo'),
    defects: [
      { code: 'NWG-01', category: 'TESTS', severity: 'MAJOR', names: n('Seam not taped', 'Couture non étanchée', 'Cucitura non nastrata') },
      { code: 'NWG-02', category: 'TESTS', severity: 'CRITICAL', names: n('Water repellency failure', 'Déperlance insuffisante', 'Idrorepellenza insufficiente') },
    ],
  },
};

/** A family and its items; `owner` is the universe (and the company, for a company's own). Answers the items' ids by code. */
function seedFamily(tx: WriteOps, collections: { family: string; familyId: string; items: string; itemId: string }, family: Family, owner: Record<string, number>, extra: Record<string, unknown> = {}): [string, number][] {
  const familyId = tx.insert(collections.family, collections.familyId, { ...owner, code: family.code, names: family.names, ...extra, archived: false })[collections.familyId];
  return family.items.map(({ code, names, extra }) => [code, tx.insert(collections.items, collections.itemId, { ...owner, [collections.familyId]: familyId, code, names, ...extra, archived: false })[collections.itemId] as number]);
}

/** The demo's product types (products) by universe and code: order lines and custom fields name them. */
export type ProductIds = Record<'main' | 'other', Record<string, number>>;

const LAB = { family: 'laboratoryTestFamilies', familyId: 'laboratoryTestFamilyId', items: 'laboratoryTests', itemId: 'laboratoryTestId' };
const PRODUCT = { family: 'productFamilies', familyId: 'productFamilyId', items: 'products', itemId: 'productId' };
const DEFECT = { family: DEFECT_FAMILIES, familyId: 'defectFamilyId', items: DEFECTS, itemId: 'defectId' };

const defectFamily = (family: SeedFamily): Family => ({
  code: family.code,
  names: family.names,
  items: family.defects.map((defect) => item(defect.code, defect.names, { category: defect.category, defaultSeverity: defect.severity })),
});

export function seedAdminFamilies(tx: WriteOps, identity: DemoIdentity): ProductIds {
  const products: ProductIds = { main: {}, other: {} };
  // Laboratory tests are the platform's: no universe.
  for (const family of LABORATORY_TESTS) seedFamily(tx, LAB, family, {});
  for (const [universe, brand] of [['main', 'lumiere'], ['other', 'northwind']] as const) {
    const universeId = identity.universes[universe];
    const companyId = identity.companies[brand];
    for (const family of PRODUCTS[universe]) Object.assign(products[universe], Object.fromEntries(seedFamily(tx, PRODUCT, family, { universeId })));
    // The report wizard's picker lists the defect families in this order (the admin drags them to change it).
    DEFECT_LIBRARY.forEach((family, index) => seedFamily(tx, DEFECT, defectFamily(family), { universeId }, { order: (index + 1) * 10 }));
    const ownProducts = OWN_PRODUCTS[brand];
    if (ownProducts) seedFamily(tx, PRODUCT, ownProducts, { universeId, companyId });
    const ownDefects = OWN_DEFECTS[brand];
    if (ownDefects) seedFamily(tx, DEFECT, defectFamily(ownDefects), { universeId, companyId }, { order: (DEFECT_LIBRARY.length + 1) * 10 });
  }
  return products;
}
