import { Button, Group, Select, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconListNumbers, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../../engine/record/panels';
import { defectChoices, useDefectLibrary } from './ReportDefectsPanel';
import { RemoveCell, severityChoices } from './rowControls';

type Row = Record<string, unknown>;

/**
 * Panel `reportPieces` of the report wizard (piece modes): one row per piece checked, passed or
 * failed, a failed one with its defect and (PIECE_WITH_SEVERITY) its severity.
 */
export function ReportPiecesPanel({ record, onChange }: PanelProps) {
  const { t } = useTranslation();
  const library = useDefectLibrary();
  const choices = useMemo(() => defectChoices(library), [library]);
  const pieces = (record.inspectedPieces as Row[] | undefined) ?? [];
  const withSeverity = record.inspectionMode === 'PIECE_WITH_SEVERITY';
  const setPieces = (next: Row[]) => onChange({ ...record, inspectedPieces: next });
  const change = (index: number, patch: Row) => setPieces(pieces.map((piece, at) => (at === index ? { ...piece, ...patch } : piece)));
  const nextNumber = pieces.reduce((max, piece) => Math.max(max, Number(piece.pieceNumber) || 0), 0) + 1;
  const failed = pieces.filter((piece) => piece.result === 'FAILED').length;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <IconListNumbers size={20} />
          <Title order={4}>{t('report.inspectedPieces')}</Title>
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
              <Table.Tr key={index}>
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
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
