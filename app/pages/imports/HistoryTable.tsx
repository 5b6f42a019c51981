import { Anchor, Badge, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { History } from './importApi';

const COLORS: Record<History['status'], string> = { QUEUED: 'gray', RUNNING: 'blue', DONE: 'teal', FAILED: 'red' };

/** The company's imports of this kind: when, which document, its counts and its refused rows file. */
export function HistoryTable({ histories, refusedRowsUrl }: { histories: History[]; refusedRowsUrl: (id: number) => string }) {
  const { t, i18n } = useTranslation();
  if (!histories.length) return <Text c="dimmed">{t('imports.noHistory')}</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" data-testid="import-histories">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('importHistory.creationDate')}</Table.Th>
            <Table.Th>{t('importHistory.fileName')}</Table.Th>
            <Table.Th>{t('importHistory.status')}</Table.Th>
            <Table.Th ta="right">{t('importHistory.created')}</Table.Th>
            <Table.Th ta="right">{t('importHistory.updated')}</Table.Th>
            <Table.Th ta="right">{t('importHistory.refused')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {histories.map((history) => (
            <Table.Tr key={history.importHistoryId} data-testid={`import-history-${history.importHistoryId}`}>
              <Table.Td>{new Date(history.creationDate).toLocaleString(i18n.language)}</Table.Td>
              <Table.Td>{history.fileName}</Table.Td>
              <Table.Td>
                {/* Its label is never cut: "Terminé", "Completata" widen the column instead. */}
                <Badge color={COLORS[history.status]} variant="light" styles={{ label: { overflow: 'visible' } }}>
                  {t(`enum.importStatus.${history.status}`)}
                </Badge>
                {history.reason && (
                  <Text size="xs" c="red" mt={4} maw={260} data-testid="import-history-reason">
                    {history.reason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{history.created}</Table.Td>
              <Table.Td ta="right">{history.updated}</Table.Td>
              <Table.Td ta="right">{history.refused}</Table.Td>
              <Table.Td>
                {history.refused > 0 && (
                  <Anchor href={refusedRowsUrl(history.importHistoryId)} download size="sm" data-testid="import-refused-download">
                    <IconDownload size={14} style={{ verticalAlign: 'middle' }} /> {t('imports.refusedRows')}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
