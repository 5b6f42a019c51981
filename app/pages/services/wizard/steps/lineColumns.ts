import type { TFunction } from 'i18next';
import type { LabLineDraft, PoLineDraft, QuantityDraft } from '../../../../../machines/serviceWizard';
import type { LineColumn } from './LinesEditor';

/** The columns of the two line editors; labels are the schema titles (schemas/locales). */
const text = <L,>(field: keyof L & string, label: string, required = false, width?: number): LineColumn<L> => ({
  path: field,
  label,
  cell: { kind: 'text' },
  required,
  width,
  get: (line) => line[field],
  set: (line, value) => ({ ...line, [field]: value || undefined }),
});

const quantity = (field: keyof QuantityDraft, label: string, cell: LineColumn<PoLineDraft>['cell'], width: number, required = false): LineColumn<PoLineDraft> => ({
  path: `orderedQuantity/${field}`,
  label,
  cell,
  required,
  width,
  get: (line) => line.orderedQuantity[field],
  set: (line, value) => ({ ...line, orderedQuantity: { ...line.orderedQuantity, [field]: value } }),
});

export function poLineColumns(t: TFunction): LineColumn<PoLineDraft>[] {
  return [
    text<PoLineDraft>('poNumber', t('purchaseOrderLine.poNumber'), true, 130),
    text<PoLineDraft>('designation', t('purchaseOrderLine.designation'), true),
    text<PoLineDraft>('sku', t('purchaseOrderLine.sku'), false, 100),
    text<PoLineDraft>('color', t('purchaseOrderLine.color'), false, 100),
    text<PoLineDraft>('size', t('purchaseOrderLine.size'), false, 70),
    quantity('quantity', t('purchaseOrderLine.orderedQuantity'), { kind: 'number', min: 0 }, 120, true),
    quantity('unit', t('quantity.unit'), { kind: 'enum', enumName: 'unit' }, 100),
    quantity('packing', t('quantity.packing'), { kind: 'enum', enumName: 'packing', clearable: true }, 120),
  ];
}

export function labLineColumns(t: TFunction): LineColumn<LabLineDraft>[] {
  return [
    text<LabLineDraft>('testName', t('laboratoryLine.testName'), true),
    text<LabLineDraft>('standard', t('laboratoryLine.standard'), false, 140),
    {
      path: 'sampleCount',
      label: t('laboratoryLine.sampleCount'),
      cell: { kind: 'number', min: 1, integer: true },
      required: true,
      width: 120,
      get: (line) => line.sampleCount,
      set: (line, value) => ({ ...line, sampleCount: value as LabLineDraft['sampleCount'] }),
    },
    text<LabLineDraft>('poNumber', t('laboratoryLine.poNumber'), false, 130),
    text<LabLineDraft>('comment', t('laboratoryLine.comment')),
  ];
}
