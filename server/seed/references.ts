import { computeRecord } from '../../engine/schema/computed';
import type { Registry } from '../schemas';
import type { Row, WriteOps } from '../store/types';
import type { DemoIdentity } from './identity';
import type { ProductIds } from './adminFamilies';
import type { Random } from './random';

/**
 * The demo brands' references (issue 31): one finished product per code `MLW-2401` … `MLW-2499`
 * the demo services' order lines name (`referenceObj`), for Maison Lumière every code, for
 * Northwind those of its services; a fabric or an accessory sub-reference under some products;
 * suppliers: the suppliers and factories of the brand's services of that code (else one of the
 * brand's usual suppliers); a few REFERENCE tags of the brand; some checkpoints of the universe.
 */
const PRODUCTS = [
  { name: 'Alma poplin shirt', designation: 'Cotton poplin shirt, long sleeves', material: 'Cotton poplin', sector: 'APPAREL' },
  { name: 'Brume crew-neck sweater', designation: 'Merino wool crew-neck sweater', material: 'Merino wool', sector: 'APPAREL' },
  { name: 'Canal slim trousers', designation: 'Stretch denim slim trousers', material: 'Stretch denim', sector: 'APPAREL' },
  { name: 'Dune printed scarf', designation: 'Silk twill printed scarf', material: 'Silk twill', sector: 'ACCESSORIES' },
  { name: 'Étoile tote bag', designation: 'Leather tote bag, large', material: 'Full-grain leather', sector: 'LEATHER_GOODS' },
  { name: 'Flore summer dress', designation: 'Linen summer dress', material: 'Linen', sector: 'APPAREL' },
  { name: 'Givre cable cardigan', designation: 'Cable-knit cardigan', material: 'Wool and cashmere', sector: 'APPAREL' },
  { name: 'Havre canvas sneaker', designation: 'Canvas low-top sneaker', material: 'Cotton canvas, rubber sole', sector: 'FOOTWEAR' },
  { name: 'Iroise hooded parka', designation: 'Padded hooded parka', material: 'Recycled polyamide', sector: 'APPAREL' },
  { name: 'Jade jersey T-shirt', designation: 'Jersey crew-neck T-shirt', material: 'Organic cotton jersey', sector: 'APPAREL' },
  { name: 'Kermor chino shorts', designation: 'Chino shorts, garment-dyed', material: 'Cotton twill', sector: 'APPAREL' },
  { name: 'Loire overcoat', designation: 'Wool blend overcoat', material: 'Wool blend', sector: 'APPAREL' },
] as const;
const FABRICS = ['Cotton poplin 120 g/m²', 'Merino yarn 2/48', 'Denim 11 oz stretch', 'Silk twill 16 momme', 'Linen canvas 180 g/m²'];
const ACCESSORIES = ['Horn buttons 18 mm', 'Metal zip YKK 20 cm', 'Woven main label', 'Leather handle set', 'Care label, satin'];
const COLORS = ['Navy', 'Ecru', 'Black', 'Indigo', 'Camel', 'Forest green', 'Burgundy', 'White'];
const SIZES = ['XS-XL', 'S-XXL', '36-44', 'One size', '38-46'];
const THEMES = ['Riviera', 'Atelier', 'Essentials', 'Heritage'];
const SEASONS = ['SS26', 'FW26', 'SS27', 'FW27'];
const TAGS = {
  lumiere: [
    { localizedName: 'Core collection', color: '#1c7ed6', privacy: 'VISIBLE' },
    { localizedName: 'Eco-design', color: '#37b24d', privacy: 'SHARED' },
    { localizedName: 'New supplier', color: '#f59f00', privacy: 'VISIBLE' },
  ],
  northwind: [{ localizedName: 'Outdoor line', color: '#0ca678', privacy: 'VISIBLE' }],
} as const;

const CODES = Array.from({ length: 99 }, (_, index) => `MLW-${2401 + index}`);

type Brand = 'lumiere' | 'northwind';

export async function seedReferences(tx: WriteOps, registry: Registry, random: Random, identity: DemoIdentity, products: ProductIds): Promise<void> {
  const schema = registry.entities.get('reference')?.schema;
  if (!schema) return;
  const insert = async (record: Row) => tx.insert('references', 'referenceId', await computeRecord(schema, record));
  for (const [universe, brand] of [['main', 'lumiere'], ['other', 'northwind']] as const satisfies readonly (readonly ['main' | 'other', Brand])[]) {
    const universeId = identity.universes[universe];
    const companyId = identity.companies[brand];
    const services = tx.find('services', (service) => service.client === companyId);
    // Who made each code: the suppliers and factories of the services whose lines name it.
    const makers = new Map<string, Set<number>>();
    for (const service of services) {
      for (const line of (service.purchaseOrderLines ?? []) as Row[]) {
        const code = String(line.referenceObj ?? '');
        const set = makers.get(code) ?? new Set<number>();
        for (const party of [service.supplier, service.factory]) if (typeof party === 'number') set.add(party);
        makers.set(code, set);
      }
    }
    const usual = [...new Set([...makers.values()].flatMap((set) => [...set]))];
    const codes = brand === 'lumiere' ? CODES : CODES.filter((code) => makers.has(code));
    const tags = TAGS[brand].map((tag) => tx.insert('tags', 'tagId', { ...tag, sources: ['REFERENCE'], disabled: false, companyId, universeId }).tagId as number);
    const checkpoints = tx.find('checkpoints', (checkpoint) => checkpoint.universeId === universeId).map((checkpoint) => checkpoint.checkpointId as number);
    const productTypes = Object.values(products[universe]);
    for (const [index, sku] of codes.entries()) {
      const product = PRODUCTS[index % PRODUCTS.length];
      const suppliers = [...(makers.get(sku) ?? (usual.length ? [random.pick(usual)] : []))].sort((a, b) => a - b);
      const common = { universeId, companyId, suppliers, season: random.pick(SEASONS), sector: product.sector, creationDate: '2026-01-15', tags: random.chance(0.6) ? random.sample(tags, random.int(1, 2)) : [] };
      const parent = await insert({
        ...common,
        sku,
        name: `${product.name} ${sku.slice(-2)}`,
        designation: product.designation,
        material: product.material,
        color: random.pick(COLORS),
        size: random.pick(SIZES),
        theme: random.pick(THEMES),
        referenceType: product.sector === 'LEATHER_GOODS' ? 'LEATHER' : 'FINISHED_PRODUCT',
        productType: productTypes.length ? random.pick(productTypes) : undefined,
        parentIds: [],
        checkpointIds: checkpoints.length ? random.sample(checkpoints, random.int(0, Math.min(3, checkpoints.length))) : [],
        risk: 'NA',
        score: 0,
      });
      // Every third product has its fabric, every fifth its trims, as sub-references.
      const subs = [
        ...(index % 3 === 0 ? [{ suffix: 'F', referenceType: 'FABRIC', name: random.pick(FABRICS) }] : []),
        ...(index % 5 === 0 ? [{ suffix: 'A', referenceType: 'ACCESSORIES', name: random.pick(ACCESSORIES) }] : []),
      ];
      for (const sub of subs) {
        await insert({ ...common, tags: [], sku: `${sku}-${sub.suffix}1`, name: sub.name, designation: `${sub.name} for ${product.name}`, material: sub.name, color: parent.color, referenceType: sub.referenceType, parentIds: [parent.referenceId as number], checkpointIds: [], risk: 'NA', score: 0 });
      }
    }
  }
}
