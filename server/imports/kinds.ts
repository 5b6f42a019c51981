/**
 * The two imports (spec §7.5, docs/imports.md): an order import makes purchase orders, their
 * lines and references; a service import makes services in OPENED through the wizard's rules.
 * Each has its base path, its file domain (the upload's fileType) and the fields a column may
 * feed ("targets", named `<entity>.<field>` as the schemas' labels are).
 */
export type ImportKind = 'ORDER' | 'SERVICE';

/** How a cell becomes a field value: text, a date (YYYY-MM-DD), a number, a code, a company (name or id), contacts (e-mails). */
export type CellType = 'text' | 'date' | 'number' | 'code' | 'company' | 'emails';

export interface Target {
  target: string;
  type: CellType;
  /** Start refuses a mapping that feeds no column to it. */
  required?: boolean;
}

export interface ImportKindDef {
  kind: ImportKind;
  base: string;
  fileDomain: string;
  targets: readonly Target[];
}

const t = (target: string, type: CellType = 'text', required = false): Target => ({ target, type, ...(required ? { required } : {}) });

export const ORDER_IMPORT: ImportKindDef = {
  kind: 'ORDER',
  base: '/back/bo/importOrder',
  fileDomain: 'COMPANY_IMPORT_PURCHASE_ORDER',
  targets: [
    t('purchaseOrder.poNumber', 'text', true),
    t('purchaseOrder.supplier', 'company', true),
    t('purchaseOrder.factory', 'company'),
    t('purchaseOrder.season', 'code'),
    t('purchaseOrder.orderDate', 'date'),
    t('purchaseOrder.exFactoryDate', 'date'),
    t('purchaseOrder.deliveryDate', 'date'),
    t('purchaseOrder.comment'),
    t('orderLine.sku', 'text', true),
    t('orderLine.designation'),
    t('orderLine.color'),
    t('orderLine.size'),
    t('orderLine.material'),
    t('orderLine.unit', 'code'),
    t('orderLine.packing', 'code'),
    t('orderLine.orderedQuantity', 'number', true),
    t('orderLine.exFactoryDate', 'date'),
    t('reference.name'),
    t('reference.referenceType', 'code'),
  ],
};

export const SERVICE_IMPORT: ImportKindDef = {
  kind: 'SERVICE',
  base: '/back/bo/importservice',
  fileDomain: 'COMPANY_IMPORT',
  targets: [
    t('service.type', 'code', true),
    t('service.serviceProvider', 'company', true),
    t('service.supplier', 'company'),
    t('service.factory', 'company'),
    t('service.startDate', 'date', true),
    t('service.endDate', 'date'),
    t('service.exFactoryDate', 'date'),
    t('service.orderTakerContacts', 'emails'),
    t('purchaseOrderLine.poNumber', 'text', true),
    t('purchaseOrderLine.sku'),
    t('purchaseOrderLine.designation', 'text', true),
    t('purchaseOrderLine.color'),
    t('purchaseOrderLine.size'),
    t('purchaseOrderLine.orderedQuantity', 'number', true),
  ],
};

export const IMPORT_KINDS: readonly ImportKindDef[] = [ORDER_IMPORT, SERVICE_IMPORT];
export const kindDef = (kind: ImportKind) => (kind === 'ORDER' ? ORDER_IMPORT : SERVICE_IMPORT);

/** The history and refusal collections (schemas/entities/importHistory.json, importRefusal.json, importMapping.json). */
export const HISTORIES = 'importHistories';
export const REFUSALS = 'importRefusals';
export const MAPPINGS = 'importMappings';
