import { Button, Group, Select, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconListNumbers, IconPlus } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PanelProps } from '../../../engine/record/panels';
import { CustomFieldsForm } from '../services/customFields/CustomFieldsForm';
import { customValueErrors } from '../services/customFields/customValueErrors';
import { defectChoices, useDefectLibrary } from './ReportDefectsPanel';
import { errorsUnder, filledValues, showsCustomFields, useReportCustomFields, type ReportCustomFields } from './reportCustomFields';
import { RemoveCell, severityChoices } from './rowControls';

type Row = Record<string, unknown>;

/**
 * Panel `reportPieces` of the report wizard (piece modes): one row per piece checked, passed or
 * failed, a failed one with its defect and (PIECE_WITH_SEVERITY) its severity, and under it the
 * service client's REPORT_PIECE custom fields (checked before Next with the server's rules).
 */
export function ReportPiecesPanel({ record, onChange, serverErrors, registerSubmit }: PanelProps) {
  const { t } = useTranslation();
  const library = useDefectLibrary();
  const { serviceId } = useParams();
  const custom = useReportCustomFields(serviceId);
  const [tried, setTried] = useState(false);
  const choices = useMemo(() => defectChoices(library), [library]);
  const pieces = (record.inspectedPieces as Row[] | undefined) ?? [];
  const withSeverity = record.inspectionMode === 'PIECE_WITH_SEVERITY';
  const setPieces = (next: Row[]) => onChange({ ...record, inspectedPieces: next });
  const change = (index: number, patch: Row) => setPieces(pieces.map((piece, at) => (at === index ? { ...piece, ...patch } : piece)));
  const nextNumber = pieces.reduce((max, piece) => Math.max(max, Number(piece.pieceNumber) || 0), 0) + 1;
  const failed = pieces.filter((piece) => piece.result === 'FAILED').length;
  const latest = useRef({ custom, pieces });
  latest.current = { custom, pieces };
  useEffect(
    () =>
      registerSubmit(async () => {
        setTried(true);
        const { custom: fields, pieces: now } = latest.current;
        return !fields || now.every((piece) => pieceErrors(fields, piece).length === 0);
      }),
    [registerSubmit],
  );
  const columns = 4 + (withSeverity ? 1 : 0);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <IconListNumbers size={20} />
          <Title order={3} size="h4">{t('report.inspectedPieces')}</Title>
          <Text size="sm" c="dimmed">
            {t('report.piecesPanel.count', { count: pieces.length, failed })}
          </Text>
        </Group>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setPieces([...pieces, { pieceNumber: nextNumber, result: 'PASSED' }])}>
          {t('report.piecesPanel.add')}
        </Button>
      </Group>
      {pieces.length > 0 && (
        <Table withTableBorder verticalSpacing={6} data-testid="report-pieces">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>{t('inspectedPiece.pieceNumber')}</Table.Th>
              <Table.Th w={220}>{t('inspectedPiece.result')}</Table.Th>
              <Table.Th>{t('inspectedPiece.defectId')}</Table.Th>
              {withSeverity && <Table.Th w={150}>{t('inspectedPiece.severity')}</Table.Th>}
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pieces.map((piece, index) => (
              <Fragment key={index}>
                <Table.Tr>
                  <Table.Td>{String(piece.pieceNumber)}</Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      value={String(piece.result)}
                      color={piece.result === 'FAILED' ? 'red' : 'teal'}
                      data={['PASSED', 'FAILED'].map((value) => ({ value, label: t(`enum.pieceResult.${value}`) }))}
                      onChange={(value) => change(index, value === 'PASSED' ? { result: value, defectId: undefined, severity: undefined } : { result: value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {piece.result === 'FAILED' && (
                      <Select aria-label={t('inspectedPiece.defectId')} data={choices} searchable value={piece.defectId ? String(piece.defectId) : null} onChange={(value) => change(index, { defectId: value ? Number(value) : undefined })} />
                    )}
                  </Table.Td>
                  {withSeverity && (
                    <Table.Td>
                      {piece.result === 'FAILED' && (
                        <Select aria-label={t('inspectedPiece.severity')} data={severityChoices(t)} value={(piece.severity as string | undefined) ?? 'MAJOR'} allowDeselect={false} onChange={(value) => value && change(index, { severity: value })} />
                      )}
                    </Table.Td>
                  )}
                  <RemoveCell label={t('report.piecesPanel.remove')} onRemove={() => setPieces(pieces.filter((_, at) => at !== index))} />
                </Table.Tr>
                {custom && showsCustomFields(custom.piece, custom.serviceType, piece.customFieldPiece) && (
                  <Table.Tr data-testid="piece-custom-fields">
                    <Table.Td />
                    <Table.Td colSpan={columns - 1}>
                      <CustomFieldsForm
                        object={custom.piece}
                        serviceType={custom.serviceType}
                        values={piece.customFieldPiece as Row | undefined}
                        onChange={(next) => change(index, { customFieldPiece: filledValues(next) })}
                        errors={[...(tried ? pieceErrors(custom, piece) : []), ...errorsUnder(serverErrors, `/inspectedPieces/${index}/customFieldPiece`)]}
                        heading={false}
                        idPrefix={`piece${index}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** A piece's custom values as the server would refuse them, at paths inside its values. */
const pieceErrors = (custom: ReportCustomFields, piece: Row) =>
  customValueErrors(custom.piece, { serviceType: custom.serviceType }, piece.customFieldPiece as Row | undefined, '').map((error) => ({ path: error.path, message: error.key }));
