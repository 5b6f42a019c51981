import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useReadySession } from '../../../auth/session';
import { canCreateService } from '../search/NewServiceButton';
import type { ServiceView } from '../shared/serviceApi';
import { wizardLink } from '../shared/wizardLink';
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

/** A card holding a table of lines, or the text saying there is none. */
function LinesCard({
  title,
  testId,
  empty,
  minWidth,
  head,
  children,
}: {
  title: string;
  testId: string;
  empty: string | null;
  minWidth: number;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <InfoCard title={title} testId={testId}>
      {empty !== null ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={title}>
            <Table.Thead>{head}</Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </InfoCard>
  );
}

/** "1,200 Piece · Box": the number, its unit and packing (formats.json quantity). */
function quantityText(quantity: Quantity | undefined, text: SchemaText): string {
  if (!quantity || typeof quantity.quantity !== 'number') return '';
  const unit = text.value('unit', quantity.unit);
  const packing = text.value('packing', quantity.packing);
  return [`${text.number(quantity.quantity)} ${unit}`.trim(), packing].filter(Boolean).join(' · ');
}

/** Opens the wizard for a new service of the same order (ORDER mode). */
function NewForOrder({ serviceId, poNumber }: { serviceId: number; poNumber: string }) {
  const { t } = useTranslation();
  const label = t('serviceSheet.poLines.newForOrder', { poNumber });
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={wizardLink('ORDER', serviceId, poNumber)} variant="subtle" size="sm" aria-label={label}>
        <IconFilePlus size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The purchase order lines with every quantity; a user who creates services may order another one for a PO. */
export function PurchaseOrderLinesCard({ service }: { service: ServiceView }) {
  const { t } = useTranslation();
  const { profile } = useReadySession();
  const mayOrder = canCreateService(profile.roles);
  const text = useSchemaText('purchaseOrderLine');
  const title = useSchemaText('service').label('purchaseOrderLines');
  const lines = service.purchaseOrderLines ?? [];
  return (
    <LinesCard
      title={title}
      testId="po-lines"
      empty={lines.length === 0 ? t('serviceSheet.poLines.empty') : null}
      minWidth={1100}
      head={
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
      }
    >
      {lines.map((line, i) => (
        <Table.Tr key={line.purchaseOrderLineId}>
          <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
            <Group gap={4} wrap="nowrap">
              {line.poNumber}
              {/* Once per order: on its first line. */}
              {mayOrder && line.poNumber && lines.findIndex((other) => other.poNumber === line.poNumber) === i && (
                <NewForOrder serviceId={service.serviceId} poNumber={line.poNumber} />
              )}
            </Group>
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
              {quantityText(line[field], text) || (
                <Text span c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </LinesCard>
  );
}

/** The laboratory test lines of a laboratory service. */
export function LaboratoryLinesCard({ service }: { service: ServiceView }) {
  const { t } = useTranslation();
  const text = useSchemaText('laboratoryLine');
  const title = useSchemaText('service').label('laboratoryLines');
  const lines = service.laboratoryLines ?? [];
  return (
    <LinesCard
      title={title}
      testId="lab-lines"
      empty={lines.length === 0 ? t('serviceSheet.labLines.empty') : null}
      minWidth={800}
      head={
        <Table.Tr>
          {(['testName', 'standard', 'sampleCount', 'poNumber', 'result', 'comment'] as const).map((field) => (
            <Table.Th key={field} ta={field === 'sampleCount' ? 'right' : undefined}>
              {text.label(field)}
            </Table.Th>
          ))}
        </Table.Tr>
      }
    >
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
    </LinesCard>
  );
}
