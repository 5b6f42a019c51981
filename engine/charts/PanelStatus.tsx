import { Alert, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a chart or table panel shows instead of its data: the server's message when the call
 * failed, a loader while it runs, a sentence when there is nothing to show; else its content.
 */
export function PanelStatus({ error, loading, empty, emptyText, height, children }: { error: string | null; loading: boolean; empty: boolean; emptyText?: string; height: number; children: ReactNode }) {
  const { t } = useTranslation();
  if (error)
    return (
      <Alert color="red" variant="light">
        {error}
      </Alert>
    );
  if (loading)
    return (
      <Center h={height}>
        <Loader size="sm" />
      </Center>
    );
  if (empty)
    return (
      <Center h={Math.min(height, 120)}>
        <Text c="dimmed" size="sm">
          {emptyText ?? t('engine.chart.empty')}
        </Text>
      </Center>
    );
  return children;
}
