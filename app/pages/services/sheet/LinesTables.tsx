import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceView } from '../shared/serviceApi';
import { InfoCard } from './InfoCard';
import { useSchemaText, type SchemaText } from './schemaText';
import { EnumBadge } from './StepBadge';

type PoLine = NonNullable<ServiceView['purchaseOrderLines']>[number];
type Quantity = PoLine['orderedQuantity'];

const QUANTITIES = [
  'orderedQuantity',
  'presentedQuantity',
  'inspectedQuantity',
  'acceptedQuantity',
  'pendingQuantity',
  'refusedQuantity',
  'forecastInspectedQuantity',
] as const;

/** "1,200 Piece · Box": the number, its unit and packing (formats.json quantity). */
function quantityText(quantity: Quantity | undefined, text: SchemaText): string {
  if (!quantity || typeof quantity.quantity !== 'number') return '';
  const unit = text.value('unit', quantity.unit);
  const packing = text.value('packing', quantity.packing);
  return [`${text.number(quantity.quantity)} ${unit}`.trim(), packing].filter(Boolean).join(' · ');
}

/** The purchase order lines with every quantity. */
export function PurchaseOrderLinesCard({ service }: { service: ServiceView }) {
  const { t } = useTranslation();
  const text = useSchemaText('purchaseOrderLine');
  const title = useSchemaText('service').label('purchaseOrderLines');
  const lines = service.purchaseOrderLines ?? [];
  return (
    <InfoCard title={title} testId="po-lines">
      {lines.length === 0 ? (
        <Text c="dimmed">{t('serviceSheet.poLines.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={1100}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {(['poNumber', 'designation', 'referenceObj', 'sku'] as const).map((field) => (
                  <Table.Th key={field}>{text.label(field)}</Table.Th>
                ))}
                {QUANTITIES.map((field) => (
                  <Table.Th key={field} ta="right">
                    {text.label(field)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.purchaseOrderLineId}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {line.poNumber}
                  </Table.Td>
                  <Table.Td>
                    {line.designation}
                    {(line.color || line.size) && (
                      <Text size="xs" c="dimmed">
                        {[line.color, line.size].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{line.referenceObj}</Table.Td>
                  <Table.Td>{line.sku}</Table.Td>
                  {QUANTITIES.map((field) => (
                    <Table.Td key={field} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {quantityText(line[field], text) || <Text span c="dimmed">—</Text>}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </InfoCard>
  );
}

/** The laboratory test lines of a laboratory service. */
export function LaboratoryLinesCard({ service }: { service: ServiceView }) {
  const { t } = useTranslation();
  const text = useSchemaText('laboratoryLine');
  const title = useSchemaText('service').label('laboratoryLines');
  const lines = service.laboratoryLines ?? [];
  return (
    <InfoCard title={title} testId="lab-lines">
      {lines.length === 0 ? (
        <Text c="dimmed">{t('serviceSheet.labLines.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped verticalSpacing="xs" fz="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {(['testName', 'standard', 'sampleCount', 'poNumber', 'result', 'comment'] as const).map((field) => (
                  <Table.Th key={field} ta={field === 'sampleCount' ? 'right' : undefined}>
                    {text.label(field)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.laboratoryLineId}>
                  <Table.Td fw={600}>{line.testName}</Table.Td>
                  <Table.Td>{line.standard}</Table.Td>
                  <Table.Td ta="right">{text.number(line.sampleCount)}</Table.Td>
                  <Table.Td>{line.poNumber}</Table.Td>
                  <Table.Td>
                    <EnumBadge text={text} field="result" value={line.result} />
                  </Table.Td>
                  <Table.Td>{line.comment}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </InfoCard>
  );
}
