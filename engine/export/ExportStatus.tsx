import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportState } from './useExcelExport';

/** Share of the bar for putting the rows in the sheet; writing the file takes the rest. */
const ROWS_SHARE = 80;

/**
 * What an export is doing (engine/export/useExcelExport.ts): a progress bar with the rows put in
 * the sheet and a cancel button while it runs, then the file made, or that it was cancelled.
 */
export function ExportStatus({ state, onCancel }: { state: ExportState; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  if (state.step === 'done')
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
        {t('engine.export.done', { count: state.rows, n: number(state.rows), file: state.file })}
      </Alert>
    );
  if (state.step === 'cancelled')
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} role="status">
        {t('engine.export.cancelled')}
      </Alert>
    );
  if (state.step === 'idle') return null;
  const value = state.step === 'reading' ? 100 : state.phase === 'rows' ? (state.done / Math.max(state.total, 1)) * ROWS_SHARE : 100;
  const text =
    state.step === 'reading'
      ? t('engine.export.reading')
      : state.phase === 'rows'
        ? t('engine.export.rows', { done: number(state.done), total: number(state.total) })
        : t('engine.export.writing', { total: number(state.total) });
  return (
    <Stack gap={6} role="status" aria-live="polite" data-testid="export-progress">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <Button size="compact-sm" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onCancel}>
          {t('engine.export.cancel')}
        </Button>
      </Group>
      <Progress value={value} animated={state.step === 'reading' || (state.step === 'building' && state.phase === 'writing')} striped={state.step !== 'building' || state.phase === 'writing'} aria-label={text} transitionDuration={200} />
    </Stack>
  );
}
