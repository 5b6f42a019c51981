import { Button, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PanelConfig } from '../config';
import { titleText } from '../i18n';
import { useSectionOrder } from '../ui/frameTitle';
import { screenIcon } from '../ui/icons';
import { fillTemplate } from './chartData';

/** A chart or table panel's title, an aside (a count), its links (route templates filled with `values`) and its buttons (`actions`). */
export function PanelHeading({ panel, values, aside, actions }: { panel: PanelConfig; values: Record<string, unknown>; aside?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const order = useSectionOrder();
  const links = (panel.links ?? []).map((link) => ({ ...link, path: fillTemplate(link.to, values) })).filter((link) => link.path);
  if (!panel.title && !links.length && !aside && !actions) return null;
  return (
    <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
      <Group gap="xs" align="baseline" wrap="nowrap" style={{ minWidth: 0 }}>
        {panel.title && (
          <Title order={order} size="h4" fz="md" style={{ overflowWrap: 'anywhere' }}>
            {titleText(t, panel.title)}
          </Title>
        )}
        {aside && (
          <Text size="sm" c="dimmed">
            {aside}
          </Text>
        )}
      </Group>
      {links.map((link) => {
        const Icon = screenIcon(link.icon ?? 'chart-bar');
        return (
          <Button key={link.to} component={Link} to={link.path!} variant="light" size="xs" leftSection={<Icon size={14} />}>
            {t(link.label)}
          </Button>
        );
      })}
      {actions}
    </Group>
  );
}
