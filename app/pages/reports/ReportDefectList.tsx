import { Group, Table, Text, Title } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../../engine/record/panels';
import { DefectThumbnails } from './DefectPictures';
import { useServiceElements } from './defectPictureUploads';
import { useDefectLibrary } from './ReportDefectsPanel';

type Row = Record<string, unknown>;

/** Panel `reportDefectList` (the wizard's summary): the defects as they will be saved, read only, with their pictures. */
export function ReportDefectList({ record, panel }: PanelProps) {
  const { t, i18n } = useTranslation();
  const library = useDefectLibrary();
  const { serviceId, elements } = useServiceElements();
  const names = new Map(elements.map((file) => [file.fileId, file.fileName]));
  const defects = (record.defects as Row[] | undefined) ?? [];
  return (
    <div data-testid="summary-defects">
      <Group gap="xs" mb="xs">
        <IconBug size={20} />
        <Title order={3} size="h4">{t(panel.title ?? 'report.defects')}</Title>
      </Group>
      {defects.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('report.defectsPanel.empty')}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reportDefect.defectId')}</Table.Th>
              <Table.Th>{t('reportDefect.severity')}</Table.Th>
              <Table.Th ta="right">{t('reportDefect.count')}</Table.Th>
              <Table.Th>{t('reportDefect.comment')}</Table.Th>
              <Table.Th>{t('reportDefect.pictures')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {defects.map((defect, index) => (
              <Table.Tr key={index} data-testid="summary-defect">
                <Table.Td>{library.find((item) => item.defectId === defect.defectId)?.localizedNameWithCode ?? `#${String(defect.defectId)}`}</Table.Td>
                <Table.Td>{t(`enum.severity.${String(defect.severity)}`)}</Table.Td>
                <Table.Td ta="right">{typeof defect.count === 'number' ? defect.count.toLocaleString(i18n.language) : '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(defect.comment ?? '')}</Table.Td>
                <Table.Td>
                  <DefectThumbnails serviceId={serviceId} fileIds={(defect.pictures as number[] | undefined) ?? []} names={names} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
