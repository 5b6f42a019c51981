import type { Row } from '../store/types';
import type { ProductIds } from './adminFamilies';
import type { CompanyKey } from './identity';

/**
 * What a demo purchase-order line adds to its designation: its product type (a product of the
 * service's universe, read from the designation) and the client's ORDER custom values
 * (server/seed/customFields.ts). Drawn from the line itself, never from the random sequence, so
 * every other demo record stays as it was.
 */
type Universe = keyof ProductIds;

const PRODUCT_OF: Record<Universe, [RegExp, string][]> = {
  main: [[/dress/i, 'DRESS'], [/shirt/i, 'SHIRT'], [/sweater|cardigan/i, 'KNIT'], [/trousers|shorts/i, 'TROUSERS'], [/parka|overcoat/i, 'COAT'], [/bag/i, 'BAG'], [/scarf/i, 'SCARF']],
  other: [[/parka|overcoat/i, 'JACKET'], [/sweater|cardigan/i, 'FLEECE'], [/trousers|shorts/i, 'PANTS'], [/sneaker/i, 'BOOT']],
};

/** The product types whose lines carry Lumière's care label (its CARE_LABEL field names them). */
export const CARE_LABEL_PRODUCTS = ['DRESS', 'SHIRT', 'KNIT'];
export const CARE_LABEL_OPTIONS = ['SEWN_IN', 'PRINTED', 'WOVEN'];

const productCode = (universe: Universe, designation: string) => PRODUCT_OF[universe].find(([pattern]) => pattern.test(designation))?.[1];

export function orderLineFields(products: ProductIds, universe: Universe, client: CompanyKey, line: Row, terminated: boolean): Row {
  const code = productCode(universe, String(line.designation));
  const ordered = (line.orderedQuantity as { quantity: number }).quantity;
  const id = line.purchaseOrderLineId as number;
  const values: Row =
    client === 'lumiere'
      ? { CARTON_COUNT: Math.ceil(ordered / 50), ...(code && CARE_LABEL_PRODUCTS.includes(code) ? { CARE_LABEL: CARE_LABEL_OPTIONS[id % CARE_LABEL_OPTIONS.length] } : {}) }
      : client === 'northwind'
        ? { CASE_PACK: 12 * (1 + (id % 2)), ...(terminated ? { UPC_CHECK: 'PASSED' } : {}) }
        : {};
  return { ...(code ? { productType: products[universe][code] } : {}), customFieldOrder: values };
}
