import { ActionIcon, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconColumns3, IconFileSpreadsheet, IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchToolbarProps {
  dateRange?: ReactNode;
  savedFilters: ReactNode;
  count: number;
  loading: boolean;
  activeFilters: number;
  filtersOpen: boolean;
  exporting: boolean;
  onToggleFilters: () => void;
  onColumns: () => void;
  onExport: () => void;
}

/** Date range and saved filters on the left; result count, columns, export and filters on the right. */
export function SearchToolbar(props: SearchToolbarProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" px="sm" py={8} role="toolbar" aria-label={t('engine.search.toolbar')}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          {props.dateRange}
          {props.savedFilters}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" aria-live="polite" mr={4} style={{ whiteSpace: 'nowrap' }}>
            {props.loading ? t('engine.grid.loading') : t('engine.search.count', { n: props.count, count: props.count })}
          </Text>
          <Tooltip label={t('engine.columns.title')} withinPortal>
            <ActionIcon variant="default" size="lg" onClick={props.onColumns} aria-label={t('engine.columns.title')}>
              <IconColumns3 size={18} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('engine.search.export')} withinPortal>
            <ActionIcon variant="default" size="lg" onClick={props.onExport} loading={props.exporting} disabled={!props.count} aria-label={t('engine.search.export')}>
              <IconFileSpreadsheet size={18} stroke={1.5} color={props.count ? 'var(--mantine-color-green-7)' : undefined} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant={props.filtersOpen ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            rightSection={props.activeFilters > 0 ? <Badge size="xs" circle>{props.activeFilters}</Badge> : undefined}
            onClick={props.onToggleFilters}
            aria-expanded={props.filtersOpen}
          >
            {t('engine.search.filters')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
