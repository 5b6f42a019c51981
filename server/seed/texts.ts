/** Plausible quality texts for the demo records; `{lot}`, `{product}`, `{factory}` are filled in. */
export const products = ['cotton poplin shirts', 'merino wool sweaters', 'stretch denim trousers', 'silk twill scarves', 'leather tote bags', 'linen summer dresses', 'cable-knit cardigans', 'canvas sneakers', 'padded parkas', 'jersey T-shirts'];

export const nonComplianceTitles = [
  'Broken stitching on sleeve seams — lot {lot}',
  'Colour shade variation vs approved lab dip',
  'Missing care label on {product}',
  'Zipper pull detaches under light tension',
  'Fabric pilling after 2,000 Martindale cycles',
  'Measurements out of tolerance: chest width +2 cm',
  'Open seam at crotch on denim trousers — lot {lot}',
  'Oil stains on front panel — lot {lot}',
  'Wrong barcode on polybag sticker',
  'Leather surface cracks at strap fold',
  'Button pull test failed (below 70 N)',
  'Print misalignment on chest logo',
  'Carton weight exceeds 20 kg limit',
  'Broken needle tip found in finished garment',
  'Loose threads on hem and cuffs',
  'Mould spots on cartons after sea freight',
  'Skewed knit: spirality above 5% after washing',
  'Incorrect fibre composition on sewn-in label',
  'Metal snap corrosion after salt spray test',
  'Uneven dye on silk scarf edges — lot {lot}',
];

export const nonComplianceDescriptions = [
  'Found during final random inspection at {factory}: {count} defective pieces out of a sample of 200 (AQL 2.5 general level II).',
  'Reported by the store network after the first week of sales; returned pieces were checked at the distribution centre.',
  'Detected at pre-shipment inspection. Goods held at the factory until the supplier confirms the rework plan.',
  'Laboratory test report shows the result outside the Maison Lumière specification. Retest requested on a second sample.',
  'Inline inspection on the sewing floor; the defect is concentrated on two lines working on the same style.',
];

export const capaTitles = [
  'Retrain sewing line operators on seam allowance',
  'Introduce pre-production lab dip approval step',
  'Install a needle detector at the packing line',
  'Quarantine and re-inspect lot {lot}',
  'Update the care-label artwork checklist',
  'Add humidity control in the finished goods warehouse',
  'Qualify a second zipper supplier for the outerwear range',
  'Calibrate measuring tables on the cutting floor',
  'Full button pull testing on the next three orders',
  'Revise packing instructions to cap carton weight at 15 kg',
  'Sort stock at the distribution centre before release',
  'Root-cause workshop with the tannery on leather cracking',
  'Shade band approval before bulk dyeing',
  'Audit the subcontracted printing unit',
];

export const capaDescriptions = [
  'Follow-up of the non-compliances raised on {product} at {factory}. Owner to report progress at the weekly quality call.',
  'Action agreed with {factory} after the last final inspection. Evidence (photos, training records) to be uploaded before closure.',
  'Preventive measure extended to every supplier producing {product} for the coming season.',
  'Containment decided with the brand quality team while the root cause is being investigated.',
];

export const ressources = ['Factory QA team, 2 days of training', 'External laboratory budget', 'Atlas inspector on site for 3 days', 'Supplier technical team', 'None beyond the factory staff'];

export const qualityAlertTitles = [
  'Needle contamination risk on knitwear from {factory}',
  'Colour migration reported by stores on navy chinos',
  'Customer complaints: zipper failure on padded parkas',
  'Azo dye test failure on silk twill scarves',
  'Mould on cartons arriving at Le Havre',
  'Nickel release above limit on metal buttons',
  'Size labels swapped on the kids range — lot {lot}',
  'Strap detachment on leather tote bags',
  'Formaldehyde level close to limit on resin-finished shirts',
  'Shrinkage above 5% after first wash on jersey T-shirts',
];

export const qualityAlertSummaries = [
  'Alert raised after {count} consumer complaints in two weeks. Stock in stores is being checked.',
  'Laboratory results received this morning; all open orders of the same fabric are concerned.',
  'Detected by Atlas Inspection during a final random inspection at {factory}.',
];

export const investigations = [
  'Factory visit planned; the supplier has been asked for its production records and fabric lot traceability.',
  'Root cause under analysis with the laboratory; first results point to the dyeing recipe.',
  'Containment in place: shipment on hold, 100% sorting at the warehouse.',
];

export const scopes = ['All colours of style MLW-2411', 'Spring-Summer collection, women', 'Orders shipped since the beginning of the month', 'Accessories range'];
export const distributions = ['Quality team, sourcing, store operations', 'Quality team and supplier management', 'Brand quality director only'];

export const problemDescriptions = [
  'Repeated seam slippage on viscose dresses from {factory}',
  'Shade variation between bulk and approved lab dip on wool knitwear',
  'Recurring needle contamination alerts at {factory}',
  'Dimensional instability (shrinkage) on jersey T-shirts after washing',
  'Leather cracking at fold lines on tote bag straps',
  'Zipper failures on parkas reported by customers',
  'Wrong labelling (composition and care) on several shipments',
  'Mould on cartons after sea freight from {factory}',
];

export const rootCauses = [
  'Stitch density reduced from 12 to 9 stitches per inch to speed up production; no approval requested.',
  'Dye lot changed without a new lab dip; the spectrophotometer at the dye house was not calibrated.',
  'Broken needle procedure not followed on the night shift; no needle log kept.',
  'Fabric not relaxed before cutting; compacting machine out of order for two weeks.',
];

export const actionDescriptions: Record<string, string[]> = {
  CONTAINMENT: ['Hold and sort all stock of the affected lots', 'Block shipments until re-inspection passes', 'Recall the affected pieces from stores'],
  CORRECTIVE_ACTION: ['Restore the approved stitch density and re-train operators', 'Recalibrate the spectrophotometer and re-approve shades', 'Repair the compacting machine and re-test shrinkage'],
  PREVENTIVE_ACTION: ['Add the parameter to the pre-production meeting checklist', 'Monthly audit of the needle log by the factory QA', 'Extend the lab test plan to every new fabric'],
};

export const divisions = ['Women', 'Men', 'Kids', 'Accessories', 'Leather goods'];
export const businessUnits = ['Europe', 'Asia', 'Mediterranean'];
export const legalUnits = ['Atlas Inspection SAS', 'Atlas Inspection HK Ltd', 'Atlas Inspection Bangladesh Ltd'];

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
